// Bounds on what one GraphQL document may ask for: graphql-armor's aliases, depth, directives and cost
// rules, the list-rows rule beside this file, and in production no "Did you mean …?" hints. A refusal is a
// QUERY_TOO_COMPLEX error (HTTP 400) that names the limit and the document's value.
// The rules run in validation on /graphql. The REST façade executes its fixed operations without that step,
// so documents that reach execution unvalidated are checked there, once each: both transports hold the same bounds.
import type { Plugin } from '@envelop/core';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
import { maxListRowsRule } from './list-rows.ts';

export interface QueryLimits {
  maxAliases: number;
  maxDepth: number;
  maxDirectives: number;
  /** graphql-armor's cost: a field 1, an object 2 plus 1.5 times the cost of what it selects. */
  maxCost: number;
  /** The rows an operation's lists may return (see list-rows.ts). */
  maxListRows: number;
  /** The largest page any list field serves; how a `limit` the document does not spell out counts. */
  pageMax: number;
}

export const queryTooComplex = (message: string) =>
  // spec: false, or yoga would answer 200 to clients that accept only application/json.
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400, spec: false } } });

/** graphql-armor says "Syntax Error: Aliases limit of 10 exceeded, found 11."; we say it in our words. */
const reporter = (say: (found: number) => string) => ({
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      const found = Number(/found (\d+(?:\.\d+)?)/.exec(error.message)?.[1]);
      context?.reportError(queryTooComplex(Number.isFinite(found) ? say(found) : error.message.replace(/^Syntax Error: /, '')));
    },
  ],
});

export function queryLimitRules({ maxAliases, maxDepth, maxDirectives, maxCost, maxListRows, pageMax }: QueryLimits): ValidationRule[] {
  // A fragment is how a client organises its document, not more work: it adds no level of depth or cost.
  const flattenFragments = true;
  return [
    maxAliasesRule({ n: maxAliases, ...reporter((found) => `query has ${found} aliases; the limit is ${maxAliases}`) }),
    maxDepthRule({ n: maxDepth, flattenFragments, ...reporter((found) => `query is ${found} levels deep; the limit is ${maxDepth}`) }),
    maxDirectivesRule({ n: maxDirectives, ...reporter((found) => `query has ${found} directives; the limit is ${maxDirectives}`) }),
    costLimitRule({ maxCost, flattenFragments, ...reporter((found) => `query costs ${Math.ceil(found)}; the limit is ${maxCost}`) }),
    maxListRowsRule({
      maxRows: maxListRows,
      pageMax,
      onReject: (context, rows) =>
        context.reportError(queryTooComplex(`query asks for up to ${rows} list rows; the limit is ${maxListRows} (a list counts its limit, ${pageMax} unless the query spells out a smaller one)`)),
    }),
  ];
}

export function useQueryLimits(limits: QueryLimits, { production }: { production: boolean }): Plugin {
  const rules = queryLimitRules(limits);
  const verdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    onPluginInit({ addPlugin }) {
      // Introspection stays on, so this hides nothing from a determined client; it only stops handing out names.
      if (production) addPlugin(blockFieldSuggestionsPlugin({ mask: '' }));
    },
    onValidate({ addValidationRule, params, setValidationFn, validateFn }) {
      for (const rule of rules) addValidationRule(rule);
      // graphql-js's own switch covers the hints armor's plugin does not know, e.g. "Did you mean the enum value …?".
      if (production) setValidationFn((schema, document, validationRules, options, typeInfo) => validateFn(schema, document, validationRules, { ...options, hideSuggestions: true }, typeInfo));
      return ({ valid }) => {
        if (valid) verdicts.set(params.documentAST, []);
      };
    },
    onExecute({ args, setResultAndStopExecution }) {
      let errors = verdicts.get(args.document);
      if (!errors) verdicts.set(args.document, (errors = validate(args.schema as GraphQLSchema, args.document, rules)));
      if (errors.length) setResultAndStopExecution({ errors });
    },
  };
}
