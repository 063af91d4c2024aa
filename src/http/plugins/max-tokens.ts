// graphql-js parses recursively: a document nested thousands of levels deep overflows the stack. A bound
// on tokens turns such a document into an ordinary syntax error long before that.
import type { Plugin } from '@envelop/core';

export const useMaxTokens = (maxTokens: number): Plugin => ({
  onParse({ parseFn, setParseFn }) {
    setParseFn((source, options) => parseFn(source, { ...options, maxTokens }));
  },
});
