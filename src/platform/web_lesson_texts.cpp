// The served web build's built-in lesson texts (core/lesson/lesson_texts.hpp says why they are not compiled
// in): web/embed_deferred.js fetches perceptron_lab.lessons.txt with the rest of the code after the first
// frame and hands it over (pl_lesson_texts_arrived). Code that needs a lesson before then (a lesson opened
// in the first second on a slow line) asks for the file on the spot, synchronously, as code of the
// deferred part does: a short pause, never a missing lesson. A failed fetch leaves no lesson but a problem
// that says why (lesson_builtin.cpp passes it on).
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdlib>
#include <string>

#include "core/lesson/lesson_texts.hpp"

namespace {

std::string g_bundle;  // the file's bytes; the texts' views point into it for the program's life
pl::BuiltinLessonTexts g_texts;
bool g_have_texts = false;

// Module.lessonTexts() (embed_deferred.js): the file's bytes, fetched already or now. Returns 1 and calls
// pl_take_lesson_texts with them, or 0 and writes why (a whole sentence) into the module's lessonTextsError.
EM_JS(int, pl_js_lesson_texts, (), {
    try {
        const bytes = Module['lessonTexts']();
        const ptr = _malloc(bytes.length + 1);
        HEAPU8.set(bytes, ptr);
        Module['_pl_take_lesson_texts'](ptr, bytes.length);
        _free(ptr);
        return 1;
    } catch (err) {
        Module['lessonTextsError'] = err && err.message ? err.message : String(err);
        return 0;
    }
});

EM_JS(char*, pl_js_lesson_texts_error, (), {
    const text = Module['lessonTextsError'] || 'no reason given';
    const size = lengthBytesUTF8(text) + 1;
    const ptr = _malloc(size);
    stringToUTF8(text, ptr, size);
    return ptr;
});

void load_texts() {
    if (g_have_texts) return;
    if (!pl_js_lesson_texts()) {
        char* why = pl_js_lesson_texts_error();
        g_texts = {};
        g_texts.problems.push_back(why);  // a sentence from embed_deferred.js: what failed, and to reload
        std::free(why);
        g_have_texts = true;
    }
}

}  // namespace

extern "C" {

// The file's bytes, from JS (pl_js_lesson_texts). Only the first hand-over counts.
EMSCRIPTEN_KEEPALIVE void pl_take_lesson_texts(const char* bytes, std::size_t size) {
    if (g_have_texts) return;
    g_bundle.assign(bytes, size);
    g_texts = pl::split_lesson_bundle(g_bundle);
    g_have_texts = true;
}

// Called by embed_deferred.js once the file is in: the texts are taken now, while nothing waits.
EMSCRIPTEN_KEEPALIVE void pl_lesson_texts_arrived() { load_texts(); }

}  // extern "C"

namespace pl {

const BuiltinLessonTexts& builtin_lesson_texts() {
    load_texts();
    return g_texts;
}

}  // namespace pl
