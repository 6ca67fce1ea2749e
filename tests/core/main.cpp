// doctest's main for the core unit tests (one translation unit owns it).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
