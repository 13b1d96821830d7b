/**
 * Labels that title a block or a line about other pages ("related", "read also", "most read"),
 * in the languages of the dev sets' pages besides English (German, French, Spanish, Italian,
 * Portuguese, Dutch, Polish). Each is matched at the start of a short heading or line, never
 * inside a sentence: "Weitere Artikel", "Mehr zum Thema", "À lire aussi", "Lea también",
 * "Czytaj też". Labels of a page's own sections ("Weitere Informationen", "Kontakt") are not
 * here: they title the page's text.
 */
const RELATED_LABELS_OTHER_LANGUAGES = [
  // German
  '(?:weitere|ähnliche|verwandte|passende|empfohlene|neueste|beliebte|meist ?gelesene|meist ?diskutierte|meist ?kommentierte|meist ?geteilte|aktuelle) (?:artikel|beiträge|nachrichten|news|meldungen|berichte|geschichten|themen|stories|videos|tests|produkttests)',
  'mehr (?:zum thema|zu diesem thema|themen|nachrichten|artikel|beiträge|aus (?:der|dem|den|dieser|diesem|unserer|unserem))',
  '(?:artikel|beiträge|news|nachrichten) (?:zum|zu diesem) thema',
  'auch interessant',
  'ebenfalls interessant',
  'das (?:thema )?könnte (?:sie|dich|euch) (?:auch |ebenfalls )?interessieren',
  '(?:sie|du) könnten? (?:auch|ebenfalls) interessieren',
  'interessiert (?:sie|dich) auch',
  'schon gelesen',
  'zum weiterlesen',
  'weiterlesen zum thema',
  'lesen sie (?:auch|mehr|weiter|hier)',
  'lies auch',
  'auch lesen',
  'top[- ]?themen',
  'unsere empfehlungen?',
  'empfehlungen (?:der|aus|für)',
  'heute empfehlen wir',
  'meistgelesen',
  'am meisten gelesen',
  // French
  '(?:à|a) lire (?:aussi|également|egalement)',
  'lire (?:aussi|également|egalement)',
  '(?:à|a) voir (?:aussi|également)',
  'sur le même sujet',
  'dans la même rubrique',
  'articles? (?:similaires|liés|connexes|recommandés)',
  'les plus (?:lus|partagés|commentés)',
  'vous (?:aimerez|pourriez) (?:aussi|également)',
  '(?:nos )?derniers articles',
  // Spanish, Portuguese
  'le[ae] (?:también|tambien|más|mas)',
  '(?:te|le) (?:puede|podría|podria) interesar',
  'también te puede',
  '(?:noticias|artículos|articulos|notas) relacionad[ao]s',
  'más (?:noticias|leíd[oa]s)',
  'lo más (?:leído|visto)',
  'otras noticias',
  'puedes ver',
  'leia (?:também|mais)',
  'notícias relacionadas',
  'mais lidas',
  // Italian
  'leggi anche',
  'articoli correlati',
  'potrebbe (?:anche )?interessarti',
  'i più letti',
  // Dutch
  'lees ook',
  'gerelateerde artikelen',
  'meer nieuws',
  'meest gelezen',
  // Polish
  '(?:czytaj|zobacz) (?:też|także|również|takze|rowniez)',
  'przeczytaj (?:też|także|również)',
  '(?:powiązane|podobne|inne) artykuły',
  'najczęściej czytane',
  'polecamy',
];

/** A heading or line that opens with a label of another language about other pages. */
export const RELATED_LABEL_OTHER_LANGUAGES = new RegExp(`^(?:${RELATED_LABELS_OTHER_LANGUAGES.join('|')})(?![\\p{L}])`, 'iu');

/**
 * A "read also" line's label in any of the languages above or English, followed by a colon: "Lea
 * también:", "Read more:", "Lesen Sie auch:", "Czytaj też:", "À lire aussi :".
 */
export const READ_ALSO_LINE = new RegExp(
  `^(?:(?:${RELATED_LABELS_OTHER_LANGUAGES.join('|')})|(?:also read|read (?:also|more|next)|see also|related|more on this|recommended)|lea|mire|vea|watch)\\s*:`,
  'iu',
);

/**
 * A line that says "about the author" and nothing else, in the same languages: the title of an
 * author box, whatever element it is written as ("Über den Autor" in a bold `<div>`).
 */
export const ABOUT_AUTHOR_LINE =
  /^(?:about the (?:author|writer)s?|über (?:den|die) autor(?:in|en|:innen|\*innen)?|zu[mr] autor(?:in)?|(?:à|a) propos de l['’]auteur(?:e)?|sobre (?:el|la|los) autor(?:a|es)?|acerca del autor|sull['’]autore|over de auteur|o autorze)\s*:?$/iu;
/**
 * A heading that names the author box in one word ("Author", "Autor:innen", "Die Autorin"):
 * only as a heading, since a field label says the same ("Autor: …").
 */
export const AUTHOR_HEADING =
  /^(?:(?:the )?authors?|(?:der |die )?autor(?:in|en|:innen|\*innen|innen)?|l['’]auteur(?:e)?|(?:el |la )?autor(?:a)?|autore|auteur)\s*:?$/iu;

/**
 * A heading that opens a page's comments, in the languages above but English ("Kommentare",
 * "Schreibe einen Kommentar", "Laisser un commentaire", "Komentarze"): other people's words, not
 * the page's, except on a thread, where the replies are the content.
 */
export const COMMENT_HEADING_OTHER_LANGUAGES =
  /^(?:\d+\s+)?(?:(?:leser)?kommentare?|kommentar (?:verfassen|schreiben|hinterlassen|abgeben)|(?:schreibe|schreiben sie|hinterlasse|hinterlassen sie)(?: jetzt)? einen kommentar|keine kommentare|kommentare (?:geschlossen|schreiben)|commentaires?|(?:laisser|laissez|écrire) un commentaire|comentarios?|(?:deja|dejar) (?:un|tu) comentario|komentarze?|dodaj komentarz|reacties?|commenti)\s*:?$/iu;

/**
 * A line that is a related label and nothing else ("Ähnliche Beiträge", "Auch interessant",
 * "Zum Weiterlesen:", "Related posts", "You may also like"): the title of a block of other pages,
 * left behind when the block itself went.
 */
export const RELATED_LABEL_ONLY = new RegExp(
  `^(?:${RELATED_LABELS_OTHER_LANGUAGES.join('|')}|related (?:posts|articles|stories|reading)|you (?:may|might) also like|more (?:stories|news|articles))[\\s:.!…]*$`,
  'iu',
);
