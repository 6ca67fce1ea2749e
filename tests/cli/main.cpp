// doctest's main for the perceptron-cli unit tests (one translation unit owns it).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
