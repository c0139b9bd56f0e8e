import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Column, entityKind, isSQLWrapper, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, View } from 'drizzle-orm';
import { isPgEnum } from 'drizzle-orm/pg-core';

/*
 * Drizzle's SQL text building, without its cost (decision 047).
 *
 * `SQL.prototype.buildQueryFromSourceParams` turns a statement's chunks into text and parameters. It asks of every
 * chunk, in turn, whether it is a string, a name, a nested statement, a table, a column, a view, a parameter...
 * with `is(value, Class)`, which walks the value's class chain each time it does not match, and asks the dialect
 * for each parameter's typing the same way (up to ten walks). A submission's big write (decision 046) has a few
 * hundred chunks: this was the largest item of the server's CPU profile under the benchmark.
 *
 * The replacement below is the same function, step for step and in the same order, with `is` answered from the
 * set of entity kinds of the chunk's class, walked once per class and remembered. Its output is the same text,
 * the same parameters and the same typings (`fast-sql.test.ts` compares the two on the statements the server
 * builds). It is installed only on the Drizzle version it was written against; another version keeps its own.
 */

type Config = {
  casing: { getColumnCasing(column: unknown): string };
  escapeName(name: string): string;
  escapeParam(index: number, value: unknown): string;
  escapeString(s: string): string;
  prepareTyping?: (encoder: unknown) => string;
  inlineParams?: boolean;
  paramStartIndex?: { value: number };
  invokeSource?: string;
};
type Query = { sql: string; params: unknown[]; typings?: string[] };
type Build = (this: SQL, chunks: unknown[], config: Config) => Query;

/** The Drizzle version this file was checked against (the function it replaces is internal). */
const CHECKED_VERSION = '0.45.4';

const IsAlias = Symbol.for('drizzle:IsAlias');
const TableName = Symbol.for('drizzle:Name');
const TableSchema = Symbol.for('drizzle:Schema');
const ViewBaseConfig = Symbol.for('drizzle:ViewBaseConfig');

const KIND = {
  string: (StringChunk as unknown as Record<symbol, string>)[entityKind]!,
  name: (Name as unknown as Record<symbol, string>)[entityKind]!,
  sql: (SQL as unknown as Record<symbol, string>)[entityKind]!,
  table: (Table as unknown as Record<symbol, string>)[entityKind]!,
  column: (Column as unknown as Record<symbol, string>)[entityKind]!,
  view: (View as unknown as Record<symbol, string>)[entityKind]!,
  param: (Param as unknown as Record<symbol, string>)[entityKind]!,
  placeholder: (Placeholder as unknown as Record<symbol, string>)[entityKind]!,
  aliased: (SQL.Aliased as unknown as Record<symbol, string>)[entityKind]!,
  subquery: (Subquery as unknown as Record<symbol, string>)[entityKind]!,
};

const NONE: ReadonlySet<string> = new Set();
const kindsByClass = new WeakMap<object, ReadonlySet<string>>();

/**
 * The entity kinds of a value's class and its ancestors: `is(value, X)` is `kindsOf(value).has(X[entityKind])`
 * (Drizzle's `is` also answers yes to `instanceof`, which implies the same kind).
 */
function kindsOf(value: unknown): ReadonlySet<string> {
  if (!value || typeof value !== 'object') return NONE;
  const proto = Object.getPrototypeOf(value) as { constructor?: unknown } | null;
  const ctor = proto?.constructor;
  if (!ctor || (typeof ctor !== 'function' && typeof ctor !== 'object')) return NONE;
  let kinds = kindsByClass.get(ctor);
  if (!kinds) {
    const found = new Set<string>();
    for (let cls: unknown = ctor; cls; cls = Object.getPrototypeOf(cls)) {
      if (entityKind in (cls as object)) found.add((cls as Record<symbol, string>)[entityKind]!);
    }
    kinds = found;
    kindsByClass.set(ctor, kinds);
  }
  return kinds;
}

/** The dialect's typing of a parameter depends only on its encoder's class: asked once per class. */
const typingsByDialect = new WeakMap<object, WeakMap<object, string>>();
function typingOf(prepareTyping: (encoder: unknown) => string, encoder: unknown): string {
  const ctor = (encoder && typeof encoder === 'object' ? Object.getPrototypeOf(encoder)?.constructor : undefined) as
    object | undefined;
  if (!ctor || ctor === Object) return prepareTyping(encoder);
  let cache = typingsByDialect.get(prepareTyping);
  if (!cache) typingsByDialect.set(prepareTyping, (cache = new WeakMap()));
  let typing = cache.get(ctor);
  if (typing === undefined) cache.set(ctor, (typing = prepareTyping(encoder)));
  return typing;
}

/** What one build writes into: the text, the parameters and their typings, in order. */
type Out = { sql: string; params: unknown[]; typings: string[]; index: { value: number } };

/** Writes a parameter (as Drizzle's `escapeParam`, with its typing). */
function param(out: Out, config: Config, value: unknown, typing: string): void {
  out.sql += config.escapeParam(out.index.value++, value);
  out.params.push(value);
  out.typings.push(typing);
}

/**
 * Drizzle's `buildQueryFromSourceParams`, writing into one accumulator instead of merging a result per chunk:
 * `inline` is the `inlineParams` in force at this depth, `top` the statement being built (whose
 * `mapInlineParam` is used, as Drizzle's recursion through `this` does).
 */
function emit(top: SQL, out: Out, chunks: readonly unknown[], config: Config, inline: boolean): void {
  const { escapeName } = config;
  for (const chunk of chunks) {
    const kinds = kindsOf(chunk);
    if (kinds.has(KIND.string)) {
      out.sql += (chunk as { value: string[] }).value.join('');
      continue;
    }
    if (kinds.has(KIND.name)) {
      out.sql += escapeName((chunk as { value: string }).value);
      continue;
    }
    if (chunk === undefined) continue;
    if (Array.isArray(chunk)) {
      out.sql += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) out.sql += ', ';
        emit(top, out, [chunk[i]], config, inline);
      }
      out.sql += ')';
      continue;
    }
    if (kinds.has(KIND.sql)) {
      const inner = chunk as unknown as { queryChunks: unknown[]; shouldInlineParams: boolean };
      emit(top, out, inner.queryChunks, config, inline || inner.shouldInlineParams);
      continue;
    }
    if (kinds.has(KIND.table)) {
      const t = chunk as Record<symbol, string | undefined>;
      const schemaName = t[TableSchema];
      out.sql +=
        schemaName === undefined || t[IsAlias]
          ? escapeName(t[TableName]!)
          : `${escapeName(schemaName)}.${escapeName(t[TableName]!)}`;
      continue;
    }
    if (kinds.has(KIND.column)) {
      const columnName = config.casing.getColumnCasing(chunk);
      if (config.invokeSource === 'indexes') {
        out.sql += escapeName(columnName);
        continue;
      }
      const table = (chunk as { table: Record<symbol, string | undefined> }).table;
      const schemaName = table[TableSchema];
      out.sql +=
        table[IsAlias] || schemaName === undefined
          ? `${escapeName(table[TableName]!)}.${escapeName(columnName)}`
          : `${escapeName(schemaName)}.${escapeName(table[TableName]!)}.${escapeName(columnName)}`;
      continue;
    }
    if (kinds.has(KIND.view)) {
      const v = (chunk as Record<symbol, { schema?: string; name: string; isAlias: boolean }>)[ViewBaseConfig]!;
      out.sql += v.schema === undefined || v.isAlias ? escapeName(v.name) : `${escapeName(v.schema)}.${escapeName(v.name)}`;
      continue;
    }
    if (kinds.has(KIND.param)) {
      const p = chunk as { value: unknown; encoder: { mapToDriverValue(v: unknown): unknown } };
      if (kindsOf(p.value).has(KIND.placeholder)) {
        param(out, config, chunk, 'none');
        continue;
      }
      const mapped = p.value === null ? null : p.encoder.mapToDriverValue(p.value);
      if (kindsOf(mapped).has(KIND.sql)) {
        emit(top, out, [mapped], config, inline);
        continue;
      }
      if (inline) {
        out.sql += (top as unknown as InlineMapper).mapInlineParam(mapped, config);
        continue;
      }
      param(out, config, mapped, config.prepareTyping ? typingOf(config.prepareTyping, p.encoder) : 'none');
      continue;
    }
    if (kinds.has(KIND.placeholder)) {
      param(out, config, chunk, 'none');
      continue;
    }
    if (kinds.has(KIND.aliased) && (chunk as { fieldAlias?: string }).fieldAlias !== undefined) {
      out.sql += escapeName((chunk as { fieldAlias: string }).fieldAlias);
      continue;
    }
    if (kinds.has(KIND.subquery)) {
      const sq = chunk as { _: { isWith: boolean; alias: string; sql: unknown } };
      if (sq._.isWith) {
        out.sql += escapeName(sq._.alias);
        continue;
      }
      out.sql += '(';
      emit(top, out, [sq._.sql], config, inline);
      out.sql += `) ${escapeName(sq._.alias)}`;
      continue;
    }
    if (isPgEnum(chunk)) {
      const e = chunk as unknown as { schema?: string; enumName: string };
      out.sql += e.schema ? `${escapeName(e.schema)}.${escapeName(e.enumName)}` : escapeName(e.enumName);
      continue;
    }
    if (isSQLWrapper(chunk)) {
      const w = chunk as { getSQL(): unknown; shouldOmitSQLParens?: () => boolean };
      if (w.shouldOmitSQLParens?.()) emit(top, out, [w.getSQL()], config, inline);
      else {
        out.sql += '(';
        emit(top, out, [w.getSQL()], config, inline);
        out.sql += ')';
      }
      continue;
    }
    if (inline) {
      out.sql += (top as unknown as InlineMapper).mapInlineParam(chunk, config);
      continue;
    }
    param(out, config, chunk, 'none');
  }
}

type InlineMapper = { mapInlineParam(chunk: unknown, config: Config): string };

/** The replacement of `SQL.prototype.buildQueryFromSourceParams`. */
function fastBuild(this: SQL, chunks: unknown[], config: Config): Query {
  const out: Out = {
    sql: '',
    params: [],
    typings: [],
    index: config.paramStartIndex || { value: 0 },
  };
  emit(
    this,
    out,
    chunks,
    config,
    Boolean(config.inlineParams || (this as unknown as { shouldInlineParams: boolean }).shouldInlineParams),
  );
  // Drizzle's result has typings only when it has parameters.
  return out.typings.length > 0
    ? { sql: out.sql, params: out.params, typings: out.typings }
    : { sql: out.sql, params: out.params };
}

let original: Build | undefined;

/** Drizzle's own function, as it was before `installFastSql` (for tests comparing the two). */
export function drizzleBuild(): Build {
  return original ?? (SQL.prototype as unknown as { buildQueryFromSourceParams: Build }).buildQueryFromSourceParams;
}

/** The installed version of Drizzle. */
function drizzleVersion(): string | undefined {
  try {
    // The package's `exports` do not list its package.json: read it beside its entry point.
    const entry = createRequire(import.meta.url).resolve('drizzle-orm');
    return (JSON.parse(fs.readFileSync(path.join(path.dirname(entry), 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/**
 * Replaces Drizzle's SQL text building with the one above, once per process; on another Drizzle version than the
 * one it was checked against, leaves Drizzle's own (and says so with `false`).
 */
export function installFastSql(): boolean {
  const proto = SQL.prototype as unknown as { buildQueryFromSourceParams: Build };
  if (original) return true;
  if (drizzleVersion() !== CHECKED_VERSION) return false;
  const drizzles = (original = proto.buildQueryFromSourceParams);
  const fast: Build = fastBuild;
  proto.buildQueryFromSourceParams =
    process.env.KAHRABA_FAST_SQL_CHECK === '1'
      ? // Checking (tests, on demand): each top-level build also made by Drizzle's own, and any difference thrown.
        function checked(this: SQL, chunks: unknown[], config: Config): Query {
          const start = config.paramStartIndex?.value;
          const mine = fast.call(this, chunks, config);
          proto.buildQueryFromSourceParams = drizzles;
          let theirs: Query;
          try {
            theirs = drizzles.call(this, chunks, start === undefined ? config : { ...config, paramStartIndex: { value: start } });
          } finally {
            proto.buildQueryFromSourceParams = checked;
          }
          if (!isDeepStrictEqual(mine, theirs))
            throw new Error(`fast-sql differs from Drizzle:\n${JSON.stringify(mine)}\n${JSON.stringify(theirs)}`);
          return mine;
        }
      : fast;
  return true;
}
