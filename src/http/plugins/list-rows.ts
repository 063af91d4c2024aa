// graphql-armor's cost limit counts fields, not rows: `organizations(limit: 100)` costs what
// `organizations(limit: 1)` does. This rule adds up the rows an operation's lists may return: a field with
// a `limit` argument counts its limit, times the rows of the limited lists around it.
// Validation runs before variables are known and its verdict is cached per document, so a limit given as a
// variable counts as `pageMax`, the largest page any list serves; one left out counts as the schema's default
// (`pageMax` without one); none counts for more than `pageMax`.
import {
  getNamedType,
  isCompositeType,
  Kind,
  type FieldNode,
  type GraphQLCompositeType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export interface ListRowsOptions {
  maxRows: number;
  pageMax: number;
  onReject(context: ValidationContext, rows: number): void;
}

export const maxListRowsRule =
  ({ maxRows, pageMax, onReject }: ListRowsOptions): ValidationRule =>
  (context) => {
    const schema = context.getSchema();
    const fragmentRows = new Map<string, number>();

    const pageSize = (field: FieldNode, fallback: unknown) => {
      const limit = field.arguments?.find((argument) => argument.name.value === 'limit')?.value;
      const size = limit ? (limit.kind === Kind.INT ? Number(limit.value) : pageMax) : typeof fallback === 'number' ? fallback : pageMax;
      return Math.min(Math.max(size, 0), pageMax);
    };

    function rowsOf(selectionSet: SelectionSetNode, parent: GraphQLCompositeType): number {
      let rows = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          // __typename, and unknown fields (graphql-js reports those), count nothing.
          const definition = 'getFields' in parent ? parent.getFields()[selection.name.value] : undefined;
          if (!definition) continue;
          const type = getNamedType(definition.type);
          const inner = selection.selectionSet && isCompositeType(type) ? rowsOf(selection.selectionSet, type) : 0;
          const limit = definition.args.find((argument) => argument.name === 'limit');
          rows += limit ? pageSize(selection, limit.defaultValue) * (1 + inner) : inner;
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          if (isCompositeType(type)) rows += rowsOf(selection.selectionSet, type);
        } else {
          rows += spreadRows(selection.name.value);
        }
      }
      return rows;
    }

    // Once per fragment, however often it is spread: a few tokens must not buy an exponential walk.
    function spreadRows(name: string): number {
      const known = fragmentRows.get(name);
      if (known !== undefined) return known;
      fragmentRows.set(name, 0); // a cycle stops here; graphql-js reports it
      const fragment = context.getFragment(name);
      const type = fragment && schema.getType(fragment.typeCondition.name.value);
      const rows = fragment && isCompositeType(type) ? rowsOf(fragment.selectionSet, type) : 0;
      fragmentRows.set(name, rows);
      return rows;
    }

    return {
      OperationDefinition(operation) {
        const root = schema.getRootType(operation.operation);
        const rows = root ? rowsOf(operation.selectionSet, root) : 0;
        if (rows > maxRows) onReject(context, rows);
      },
    };
  };
