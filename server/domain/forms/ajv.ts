import { Ajv, _, type KeywordCxt, type Options } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import { NATIONAL_ID_GOVERNORATES } from '../../../contract/identity.ts';

/*
 * The one ajv configuration of the form dialect (decision 018). The server validates with it at run time and
 * generates the browser's standalone validators with it, so both sides run the same checks. The custom keywords
 * are code-generating: their helper functions are plain JavaScript sources inlined into the generated code
 * (a standalone module has no imports), and the server's own copy is built from the very same source.
 */

/** Same options on both sides; `code.source` lets the same instance write standalone code. */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  messages: false,
  unicodeRegExp: true,
  code: { source: true, esm: true, lines: false, optimize: true },
};

/** Helper sources (ES5, self-contained): inlined into generated code and evaluated once for the server. */
export const HELPER_SOURCES = {
  /** A real day written YYYY-MM-DD. */
  isoDay: `function isoDay(s) {
  if (typeof s !== "string" || !/^\\d{4}-\\d{2}-\\d{2}$/.test(s)) return false;
  var y = +s.slice(0, 4), m = +s.slice(5, 7), dd = +s.slice(8, 10);
  var d = new Date(Date.UTC(y, m - 1, dd));
  return d.getUTCFullYear() === y && d.getUTCMonth() === m - 1 && d.getUTCDate() === dd;
}`,
  /** Today in Egypt (Africa/Cairo), YYYY-MM-DD, when the validator runs. */
  today: `function today() {
  try {
    var p = new Intl.DateTimeFormat("en-US", { timeZone: "Africa/Cairo", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date());
    var v = {};
    for (var i = 0; i < p.length; i++) v[p[i].type] = p[i].value;
    return v.year + "-" + v.month + "-" + v.day;
  } catch (e) {
    return new Date(Date.now() + 2 * 3600 * 1000).toISOString().slice(0, 10);
  }
}`,
  /** The Egyptian national id structure (contract/identity.ts isValidNationalId). */
  nationalId: `function nationalId(id) {
  if (typeof id !== "string" || !/^[23]\\d{13}$/.test(id)) return false;
  var y = (id[0] === "2" ? 1900 : 2000) + +id.slice(1, 3), m = +id.slice(3, 5), d = +id.slice(5, 7);
  var b = new Date(Date.UTC(y, m - 1, d));
  if (b.getUTCFullYear() !== y || b.getUTCMonth() !== m - 1 || b.getUTCDate() !== d) return false;
  if (b.getTime() > Date.now()) return false;
  return ${JSON.stringify([...NATIONAL_ID_GOVERNORATES])}.indexOf(id.slice(7, 9)) >= 0;
}`,
  /** ajv's runtime ucs2length (code points, as `[...s].length`), inlined instead of a bare import. */
  ucs2length: `function ucs2length(str) {
  var len = str.length, length = 0, pos = 0, value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}`,
} as const;

type Helper = keyof typeof HELPER_SOURCES;
// The server's copies come from the same sources as the generated code (server-side evaluation is allowed).
const build = (src: string) => new Function(`return (${src});`)() as (...a: unknown[]) => unknown;
const HELPERS: Record<Helper, (...a: unknown[]) => unknown> = {
  isoDay: build(HELPER_SOURCES.isoDay),
  today: build(HELPER_SOURCES.today),
  nationalId: build(HELPER_SOURCES.nationalId),
  ucs2length: build(HELPER_SOURCES.ucs2length),
};

const helper = (cxt: KeywordCxt, name: Helper) =>
  cxt.gen.scopeValue('func', { key: `forms:${name}`, ref: HELPERS[name], code: new _Code(`(${HELPER_SOURCES[name]})`) });

/** Adds the dialect's keywords to an ajv instance. */
export function addFormKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: 'xDate',
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema === true) cxt.fail(_`!${helper(cxt, 'isoDay')}(${cxt.data})`);
    },
  });
  for (const [keyword, op] of [
    ['xDateMin', '<'],
    ['xDateMax', '>'],
  ] as const) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'string',
      code(cxt) {
        const day = helper(cxt, 'isoDay');
        const bound = String(cxt.schema);
        cxt.fail(
          op === '<' ? _`${day}(${cxt.data}) && ${cxt.data} < ${bound}` : _`${day}(${cxt.data}) && ${cxt.data} > ${bound}`,
        );
      },
    });
  }
  for (const [keyword, op] of [
    ['xFuture', '<'],
    ['xPast', '>'],
  ] as const) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'boolean',
      code(cxt) {
        if (cxt.schema !== true) return;
        const day = helper(cxt, 'isoDay');
        const today = helper(cxt, 'today');
        cxt.fail(
          op === '<' ? _`${day}(${cxt.data}) && ${cxt.data} < ${today}()` : _`${day}(${cxt.data}) && ${cxt.data} > ${today}()`,
        );
      },
    });
  }
  ajv.addKeyword({
    keyword: 'xNationalId',
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema === true) cxt.fail(_`!${helper(cxt, 'nationalId')}(${cxt.data})`);
    },
  });
  // Annotation keywords of contract/form-schema.ts (known, so they never warn).
  for (const keyword of ['x-field', 'x-code', 'x-regex-error']) ajv.addKeyword({ keyword });
  return ajv;
}

export function createFormAjv(extra: Options = {}): Ajv {
  return addFormKeywords(new Ajv({ ...AJV_OPTIONS, ...extra }));
}

/** Runtime helpers ajv would `require`; the generated module gets their sources instead. */
export const RUNTIME_INLINE: Readonly<Record<string, string>> = {
  'require("ajv/dist/runtime/ucs2length").default': `(${HELPER_SOURCES.ucs2length})`,
};
