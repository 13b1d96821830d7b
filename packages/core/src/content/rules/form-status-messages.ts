/**
 * Form builders' status messages, hidden until the form is sent: Webflow's "Thank you! Your
 * submission has been received!" (`.w-form-done`) and "Oops! Something went wrong…"
 * (`.w-form-fail`), Contact Form 7's response box. Served in every page with a form, shown to no
 * reader of the page.
 */
const FORM_STATUS_SELECTOR = '.w-form-done, .w-form-fail, .wpcf7-response-output';

/** Removes form builders' hidden status messages. Returns how many went. */
export function removeFormStatusMessages(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(FORM_STATUS_SELECTOR))) {
    if (!root.contains(element)) continue;
    element.remove();
    removed++;
  }
  return removed;
}
