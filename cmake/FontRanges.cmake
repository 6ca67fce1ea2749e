# The Unicode characters the UI draws; the font is subset to exactly these (about 40 % of the size of
# whole blocks). src/app/shell/fonts.cpp gives ImGui the same list as ImWchar pairs: keep both in step.
#   Basic Latin + Latin-1, y circumflex (the predicted label), the Greek
#   alphabet (capitals and small letters, no accents), subscript i, en dash, double bar,
#   ellipsis, super/subscripts, arrows, element of, sum, minus, square root, infinity, not equal, <=, >=.
set(PL_FONT_UNICODES "U+0020-00FF,U+0177,U+0391-03A9,U+03B1-03C9,U+1D62,U+2013,U+2016,U+2026,U+2070-209F,U+2190-2193,U+2208,U+2211-2212,U+221A,U+221E,U+2260,U+2264-2265")
