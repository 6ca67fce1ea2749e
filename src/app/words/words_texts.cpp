// See words_texts.hpp.
#include "app/words/words_texts.hpp"

namespace pl::app {

std::string words_gamma_star_help(bool bias) {
    // With no bias the word space has no constant feature to speak of (finding F14).
    return bias ? "The largest margin any unit-length w* achieves on the messages (through the origin of the word space, "
                  "with the bias as a constant feature)."
                : "The largest margin any unit-length w* achieves on the messages, through the origin of the word space "
                  "(no bias: the line must pass through 0).";
}

std::string words_vocabulary_note(const WordsData& words) {
    const WordsData lecture = lecture_words();
    if (words.messages != lecture.messages || words.labels != lecture.labels) return "";
    // The chart's words are those of the messages (text_corpus.hpp). A word in no message has x = 0 in
    // every message: no update moves its weight from 0 and it changes no score, R or γ*.
    return "Lecture 004's table has a fifth word, \"dating\", that none of the three messages contains. Its "
           "coordinate is 0 in every message, so no update moves its weight from 0, and it changes no score, "
           "nor R, \xCE\xB3* or the bound: the chart lists only the words the messages have.";
}

}  // namespace pl::app
