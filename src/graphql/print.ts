import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema.ts';

export const printSchemaSdl = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
