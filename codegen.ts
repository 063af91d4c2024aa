// Typed GraphQL documents from the committed SDL: the REST façade's operations and the tests' documents
// (as DocumentNode, for yoga and graphql-js), and the dashboard's (as strings: no graphql-js in the browser). Run `npm run codegen` after changing schema or documents;
// a test fails when the generated files are stale.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'src/generated/graphql/': {
      documents: ['src/http/rest/operations.ts', 'test/**/*.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, scalars: { DateTime: 'string' }, enumsAsTypes: true },
    },
    'dashboard/src/generated/': {
      documents: ['dashboard/src/**/*.{ts,tsx}', '!dashboard/src/generated/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, scalars: { DateTime: 'string', JSON: 'unknown' }, enumsAsTypes: true, documentMode: 'string' },
    },
  },
};

export default config;
