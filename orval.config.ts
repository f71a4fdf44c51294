import { defineConfig } from 'orval';

// The console's typed client comes from the contract only (STYLE.md rule 2).
// Every generated call goes through web/src/api/http-client.ts, the one place that
// implements the spec's request rules (section 7) and error handling (section 8).
export default defineConfig({
  starling: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: './web/src/api/generated/endpoints',
      schemas: './web/src/api/generated/model',
      client: 'react-query',
      clean: true,
      override: {
        mutator: { path: './web/src/api/http-client.ts', name: 'httpClient' },
        query: { useQuery: true, signal: true },
      },
    },
  },
});
