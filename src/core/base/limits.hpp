// Every limit the widget enforces, defined once. The session, the link and JSON readers, the CSV
// reader, the generators and perceptron-cli all check against these constants, and every message
// about a limit is built from them, so a limit is changed in one line here.
//
// The link format (state_codec.hpp) refuses values outside these ranges; widening a range is
// compatible with v=1 links, narrowing one would make some old links unreadable.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pl {

// A range of whole numbers, both ends allowed.
struct WholeRange {
    std::uint64_t min;
    std::uint64_t max;
};

// A range of finite doubles; min itself is excluded when min_open (eta > 0, sigma > 0).
struct RealRange {
    double min;
    double max;
    bool min_open;
};

// [SECTION] Data
// Coordinates beyond +-kMaxAbsCoordinate would make R and w overflow long before anything useful is
// shown; the link format packs at most kMaxDimension coordinates per point. kMaxPoints bounds the
// training and the test (held-out) points together.
inline constexpr std::size_t kMaxPoints = 100000;
inline constexpr double kMaxAbsCoordinate = 1.0e6;
inline constexpr int kMaxDimension = 16;
inline constexpr WholeRange kDimensionRange{1, kMaxDimension};

// [SECTION] Text (Words mode and perceptron-cli train --text)
inline constexpr std::size_t kMaxMessageBytes = 64u * 1024u;     // one message (a line of a TSV file)
inline constexpr std::size_t kMaxVocabulary = 1'000'000;         // distinct words in one corpus
inline constexpr std::size_t kMaxTextFileBytes = 256u * 1024u * 1024u;
// The widget's Words mode (words_state.hpp): as many messages as points, and all of them together at
// most this many bytes (a link holds far fewer: kMaxLinkLength).
inline constexpr std::size_t kMaxMessages = 100000;
inline constexpr std::size_t kMaxWordsTextBytes = 16u * 1024u * 1024u;

// [SECTION] Generators (make_preset clamps to these; perceptron-cli refuses values outside them)
inline constexpr WholeRange kGeneratedPointsRange{2, kMaxPoints};
inline constexpr RealRange kGeneratorNoiseRange{0.0, 2.0, false};
inline constexpr RealRange kGeneratorMarginRange{0.0, 2.0, false};

// [SECTION] Training settings (the rows of the property table, state_table.hpp)
inline constexpr double kMaxSettingMagnitude = 1.0e6;  // no real-valued setting is larger in size
inline constexpr RealRange kPositiveSetting{0.0, kMaxSettingMagnitude, true};      // eta, Gaussian sigma
inline constexpr RealRange kNonNegativeSetting{0.0, kMaxSettingMagnitude, false};  // RBF gamma, logistic decay
inline constexpr RealRange kSignedSetting{-kMaxSettingMagnitude, kMaxSettingMagnitude, false};  // coef0, scale, theta, hand w and k
inline constexpr WholeRange kSeedRange{0, UINT64_MAX};
inline constexpr WholeRange kEpochRange{1, 1'000'000};
inline constexpr WholeRange kDegreeRange{1, 20};
inline constexpr WholeRange kOutlierThresholdRange{0, 1'000'000};

// [SECTION] The view
inline constexpr RealRange kViewCenterRange = kSignedSetting;
inline constexpr RealRange kViewSpanRange{1.0e-3, kMaxSettingMagnitude, false};  // data units across the canvas
// The text size setting, in percent of the normal size (the larger-text setting of the Show section).
inline constexpr WholeRange kTextSizeRange{100, 200};

// [SECTION] Training progress
// A link or JSON state asking for more replayed visits is refused; the session never replays more.
inline constexpr std::uint64_t kMaxTrainedVisits = 50'000'000;
inline constexpr WholeRange kTrainedVisitsRange{0, kMaxTrainedVisits};

// [SECTION] Lessons (the other limits of the lesson format are in lesson.hpp)
inline constexpr std::size_t kMaxLessonStepCount = 60;
inline constexpr WholeRange kLessonStepRange{0, kMaxLessonStepCount - 1};
// The progress kept per step (lesson_progress.hpp): counts stop at these instead of growing without end.
inline constexpr std::uint32_t kMaxLessonAttempts = 9999;
inline constexpr std::uint32_t kMaxLessonSeconds = 9'999'999;  // about 115 days
inline constexpr std::uint32_t kMaxLessonChoiceIndex = 7;      // lesson.hpp kMaxChoices - 1

// [SECTION] Text formats (links and JSON states)
inline constexpr std::size_t kMaxLinkLength = 2u * 1024u * 1024u;  // about what browsers allow in a URL
inline constexpr std::size_t kMaxPairs = 256;                      // key=value pairs in one link
inline constexpr std::size_t kMaxPresetLength = 100;               // bytes; the encoder truncates longer names
inline constexpr std::size_t kMaxWarnings = 10;                    // then one "and N more" line
inline constexpr std::size_t kMaxJsonLength = 32u * 1024u * 1024u;
inline constexpr std::size_t kMaxJsonValues = 2'000'000;           // numbers, strings, ... in one document
inline constexpr std::size_t kMaxJsonDepth = 32;

// Evaluating f on every point costs points x records (support vectors, voted vectors); beyond this many
// kernel terms the wrong-point flags and the test points' scores are skipped (an interactive frame must
// stay short). core/facts/model_facts.hpp, core/theory/held_out.hpp.
inline constexpr std::size_t kMaxFactTerms = 4'000'000;

}  // namespace pl
