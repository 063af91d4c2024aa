// Typed GraphQL documents from the committed SDL: the REST façade's operations now, the tests'
// documents, and the dashboard's later. Run `npm run codegen` after changing schema or documents;
// a test fails when the generated files are stale.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['src/http/rest/operations.ts', 'test/**/*.ts'],
  ignoreNoDocuments: true,
  generates: {
    'src/generated/graphql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, scalars: { DateTime: 'string' }, enumsAsTypes: true },
    },
  },
};

export default config;
