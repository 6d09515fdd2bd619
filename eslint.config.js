import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
  {
    ignores: ['dist/', 'lib/', '.astro/', '.kb-build/', 'node_modules/', 'content/', 'tests/fixtures/', 'reports/', 'test-results/', 'playwright-report/', '.bench/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // .astro templates: their frontmatter is TypeScript, their <script>s run in the browser.
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', TextDecoder: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    // The core runs in the build, the browser island and the CLI: no node, no DOM, no astro.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'astro:*', 'astro', 'gray-matter'], message: 'src/core must stay isomorphic: read files in src/node instead.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'localStorage', 'fetch'],
    },
  },
);
