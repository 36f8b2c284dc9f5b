import type { Rule } from 'eslint';

declare const boundaries: { readonly rules: { readonly 'import-boundaries': Rule.RuleModule } };
export default boundaries;
