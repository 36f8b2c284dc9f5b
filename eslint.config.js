// One lint configuration for the whole monorepo: typed rules for TypeScript, plain rules for scripts.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '.ncs/**', 'coverage/**'] },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/eslint/*.d.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // Mongoose 9 prints a deprecation warning at every call that passes it.
          selector:
            "CallExpression[callee.property.name=/^findOneAnd(Update|Replace)$/] ObjectExpression > Property[key.name='new']",
          message: "Mongoose's `new` option is deprecated: use `returnDocument: 'after'` (or 'before').",
        },
      ],
    },
  },
  {
    files: ['apps/**/*.ts', 'packages/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { ncs: boundaries },
    rules: { 'ncs/import-boundaries': 'error' },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching, …) are typed `any`.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
