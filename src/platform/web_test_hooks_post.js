// Test build (PL_TEST_HOOKS) and the instrumented build that scripts/split_profile.mjs profiles
// (PL_SPLIT_PROFILE) only: emcc --post-js puts this inside the module factory, so it runs once
// per widget instance with that instance as `Module`. It files the instance under its canvas, so
// web/test_hooks.js can reach the test exports of a mounted widget while the public JS handle carries
// none of them (docs/developers.md "The test build"). A release build has no such registry.
(function registerForTestHooks() {
  var key = Symbol.for('perceptron-lab.test-modules');
  var registry = globalThis[key] || (globalThis[key] = new WeakMap());
  if (Module['canvas']) registry.set(Module['canvas'], Module);
})();
