# The Unicode ranges the UI draws. The same ranges are given to ImGui's font atlas (src/app/fonts.cpp
# keeps its own copy as ImWchar pairs: keep both in step).
#   Basic Latin + Latin-1, Greek, general punctuation (dashes, bullet), super/subscripts,
#   arrows, mathematical operators, geometric shapes (markers).
set(PL_FONT_UNICODES "U+0020-00FF,U+0370-03FF,U+2000-206F,U+2070-209F,U+2190-21FF,U+2200-22FF,U+25A0-25FF")
