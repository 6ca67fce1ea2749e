// Calls into one widget's WebAssembly instance: its exported C functions (src/platform/web_host.cpp)
// by name, the strings they return, and strings passed in (copied into the instance's memory for the
// length of one call).
export function wasmCalls(module) {
  const call = (name, ...args) => module['_' + name](...args);
  const text = (name, ...args) => module.UTF8ToString(call(name, ...args));
  const withString = (value, fn) => {
    const size = module.lengthBytesUTF8(value) + 1;
    const ptr = module._malloc(size);
    try {
      module.stringToUTF8(value, ptr, size);
      return fn(ptr);
    } finally {
      module._free(ptr);
    }
  };
  return { call, text, withString };
}
