import { SdkError } from 'firecrawl-v4';

/** The 4.x SDK's error of a call that must fail, to look at its status, code, message and details. */
export async function failureOf(call: Promise<unknown>): Promise<SdkError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof SdkError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}
