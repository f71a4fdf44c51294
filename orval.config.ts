import { defineConfig } from 'orval';

// The console's typed client comes from the contract only (STYLE.md rule 2).
// Every generated call goes through web/src/api/http-client.ts, the one place that
// implements the spec's request rules (section 7) and error handling (section 8).
const mutator = { path: './web/src/api/http-client.ts', name: 'httpClient' };

export default defineConfig({
  // Plain call functions, without React Query, for what runs before the signed-in shell loads: the
  // sign-in, the token refresh and the session's first calls (issue 29: the login route stays
  // small). Their models are the same files the hooks use (no index file here); this project runs
  // first, and the next one cleans and writes every model again.
  calls: {
    input: { target: './openapi.yaml', filters: { tags: ['auth', 'app', 'user'] } },
    output: {
      mode: 'tags-split',
      target: './web/src/api/generated/calls',
      schemas: './web/src/api/generated/model',
      client: 'axios-functions',
      indexFiles: false,
      clean: true,
      override: { mutator },
    },
  },
  starling: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: './web/src/api/generated/endpoints',
      schemas: './web/src/api/generated/model',
      client: 'react-query',
      clean: true,
      override: {
        mutator,
        query: { useQuery: true, signal: true },
      },
    },
  },
});
