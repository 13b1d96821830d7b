import { charsetPhrases } from '../phrases.js';
import { send } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** "日本語のテキスト" in Shift_JIS; Node's encoders cannot produce Shift_JIS, so the bytes are written out. */
const SHIFT_JIS_PHRASE = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x65, 0x83, 0x4c, 0x83, 0x58, 0x83, 0x67]);

function page(title: string, headExtra: string, bodyText: string): string {
  return `<!doctype html>
<html>
<head>
${headExtra}<title>${title}</title>
</head>
<body>
<h1>${title}</h1>
<p>${bodyText}</p>
</body>
</html>
`;
}

function latin1Page(title: string, headExtra: string): Buffer {
  return Buffer.from(page(title, headExtra, `${charsetPhrases.latin1}, served as Latin-1 bytes.`), 'latin1');
}

function shiftJisPage(title: string, headExtra: string): Buffer {
  const [before, after] = page(title, headExtra, '\u0000').split('\u0000') as [string, string];
  return Buffer.concat([Buffer.from(before, 'ascii'), SHIFT_JIS_PHRASE, Buffer.from(after, 'ascii')]);
}

export function charsetRoutes(): Route[] {
  return [
    {
      path: '/charset/utf8',
      handle: ({ res }) => send(res, 200, 'text/html; charset=utf-8', page('UTF-8 page', '<meta charset="utf-8">\n', charsetPhrases.utf8)),
    },
    {
      path: '/charset/latin1-header',
      handle: ({ res }) => send(res, 200, 'text/html; charset=ISO-8859-1', latin1Page('Latin-1 by header', '')),
    },
    {
      path: '/charset/latin1-meta',
      handle: ({ res }) => send(res, 200, 'text/html', latin1Page('Latin-1 by meta', '<meta charset="iso-8859-1">\n')),
    },
    {
      path: '/charset/shift-jis-meta',
      handle: ({ res }) =>
        send(
          res,
          200,
          'text/html',
          shiftJisPage('Shift_JIS by meta', '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">\n'),
        ),
    },
    {
      path: '/charset/shift-jis-header',
      handle: ({ res }) => send(res, 200, 'text/html; charset=Shift_JIS', shiftJisPage('Shift_JIS by header', '')),
    },
  ];
}
