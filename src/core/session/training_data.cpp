// The two data sets behind the seam (training_data.hpp) and Session::shown_data(), the one place where
// the data mode picks which of them the verbs reach.
#include "core/session/training_data.hpp"

#include "core/session/session.hpp"

namespace pl {

TrainingData& Session::shown_data() {
    switch (state_.mode) {
        case DataMode::Words: return messages_data_;
        case DataMode::Points: break;
    }
    return points_data_;
}

const TrainingData& Session::shown_data() const { return const_cast<Session&>(*this).shown_data(); }

// [SECTION] the points
namespace {
TrainingVisit points_visit(const Update& update) { return {update.visited, update.mistake, update}; }
}  // namespace

TrainingVisit PointsData::step() { return points_visit(session_.step()); }
TrainingVisit PointsData::next_mistake() { return points_visit(session_.next_mistake()); }
std::size_t PointsData::epoch() { return session_.epoch(); }
bool PointsData::converge() { return session_.train_until_converged(); }
void PointsData::reset() { session_.reset_training(); }
std::size_t PointsData::run_visits(std::size_t n) { return session_.run_visits(n); }
void PointsData::go_to_visit(std::size_t t) { session_.go_to_points_visit(t); }
bool PointsData::undo() { return session_.undo(); }
bool PointsData::redo() { return session_.redo(); }
bool PointsData::can_undo() const { return session_.can_undo(); }
bool PointsData::can_redo() const { return session_.can_redo(); }
bool PointsData::remove(std::size_t index) { return session_.remove_point(index); }
bool PointsData::flip_label(std::size_t index) { return session_.flip_label(index); }
std::size_t PointsData::size() const { return session_.state().data.size(); }
std::size_t PointsData::visits() const { return session_.learner().visits(); }
std::size_t PointsData::mistakes() const { return session_.learner().mistakes(); }

bool PointsData::stopped() const {
    const Learner& l = session_.learner();
    return l.converged() || l.capped() || l.diverged() || session_.state().data.empty();
}

// [SECTION] the messages
namespace {
TrainingVisit messages_visit(const WordsUpdate& update) { return {update.visited, update.mistake, std::nullopt}; }
}  // namespace

TrainingVisit MessagesData::step() { return messages_visit(words_.step()); }
TrainingVisit MessagesData::next_mistake() { return messages_visit(words_.next_mistake()); }
std::size_t MessagesData::epoch() { return words_.epoch(); }
bool MessagesData::converge() { return words_.train_until_converged(); }
void MessagesData::reset() { words_.reset_training(); }
std::size_t MessagesData::run_visits(std::size_t n) { return words_.run_visits(n); }
void MessagesData::go_to_visit(std::size_t t) { words_.go_to_visit(t); }
bool MessagesData::undo() { return words_.undo(); }
bool MessagesData::redo() { return words_.redo(); }
bool MessagesData::can_undo() const { return words_.can_undo(); }
bool MessagesData::can_redo() const { return words_.can_redo(); }
bool MessagesData::remove(std::size_t index) { return words_.remove(index); }
bool MessagesData::flip_label(std::size_t index) { return words_.flip_label(index); }
std::size_t MessagesData::size() const { return words_.data().size(); }
std::size_t MessagesData::visits() const { return words_.learner().visits(); }
std::size_t MessagesData::mistakes() const { return words_.learner().mistakes(); }

bool MessagesData::stopped() const {
    const TextLearner& l = words_.learner();
    return l.converged() || l.capped() || l.diverged() || words_.data().empty();
}

}  // namespace pl
