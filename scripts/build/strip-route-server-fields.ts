/**
 * The route descriptors in `contract/` carry fields only the server reads: the OpenAPI summary and tags, the
 * list of error codes, and the route's policy (who may call it, csrf). The PWA's client reads a descriptor's
 * method, path and schemas only, so the production build drops the server-only fields from every
 * `defineRoute({ … })` literal: about half a kilobyte (gzip) of the home page's JavaScript budget (decision 012).
 * Types are untouched; the server and the tests import the contract as written. A Babel plugin, run by the
 * build's Babel step (vite.config.ts) on the syntax tree, not on text.
 */
export const SERVER_ONLY_ROUTE_FIELDS: ReadonlySet<string> = new Set(['summary', 'tags', 'errors', 'auth', 'csrf']);

/** The part of Babel's syntax tree this plugin reads. */
type Node = {
  type: string;
  name?: string;
  computed?: boolean;
  key?: Node;
  callee?: Node;
  arguments?: Node[];
  properties?: Node[];
};

const isServerOnly = (p: Node): boolean =>
  p.type === 'ObjectProperty' && !p.computed && p.key?.type === 'Identifier' && SERVER_ONLY_ROUTE_FIELDS.has(p.key.name ?? '');

export default function stripRouteServerFields(): { name: string; visitor: { CallExpression(path: { node: Node }): void } } {
  return {
    name: 'strip-route-server-fields',
    visitor: {
      CallExpression({ node }) {
        if (node.callee?.type !== 'Identifier' || node.callee.name !== 'defineRoute') return;
        const arg = node.arguments?.[0];
        if (arg?.type !== 'ObjectExpression' || !arg.properties) return;
        arg.properties = arg.properties.filter((p) => !isServerOnly(p));
      },
    },
  };
}
