// Linked before the Node build of perceptron-cli (--pre-js). Emscripten gives a program a made-up
// environment (PATH=/, HOME=/home/web_user); this one sees Node's, as the native CLI sees its own.
Module['preRun'] = (Module['preRun'] || []).concat(function () {
  Object.assign(ENV, process.env);
});
