// Lint for the whole tree: JavaScript and TypeScript basics, the rules of
// React hooks, and accessibility of the JSX. Formatting is Prettier's job.
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "test-results/", "worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // Unused arguments named with a leading underscore are deliberate (handler signatures).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, "react-hooks": reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs["recommended-latest"].rules,
      // Choice labels wrap their input and hold the text two spans deep (title and hint).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
    },
  },
  {
    // Promises nobody waits for: every TypeScript file is in tsconfig.json (tests included),
    // so these rules read the types the compiler sees.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // No import circles: the tree has none, and this keeps it so. The TypeScript resolver reads
    // tsconfig.json, so "~/" paths resolve. (The rule skips `import type` lines by design;
    // workers/cli/import-cycles.ts, run by npm run lint, counts them.)
    files: ["**/*.{js,ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  {
    // Every eslint-disable says why, after "--" in the same comment.
    ...comments.recommended,
    rules: { ...comments.recommended.rules, "@eslint-community/eslint-comments/require-description": "error" },
  },
);
