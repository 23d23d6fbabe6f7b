// The Start card: what a newcomer sees first. A tab at the front of the panel dock (it never covers
// the editor, so typing and pasting work at once) that says what Kiln is in three sentences, offers
// three things to try (each loads an example in the mode that shows it and brings its panel to the
// front), lists the lessons, and says how to bring your own model (paste it into the editor).
// The platform decides when it shows (first visit: web/main.cpp keeps a flag in localStorage) and
// Help > Start here opens it again.
#pragma once
#include <string>

namespace kiln::playground {

struct PlaygroundState;

// What a click on the card asks for; playground_frame carries it out.
struct StartRequest {
    std::string example;  // load this example (examples.h id)
    std::string mode;     // in this run mode ("compile", ...), "" keeps the current one
    std::string panel;    // then bring this panel (presenter.h id) to the front
    std::string lesson;   // or open this lesson (course id) in the Lesson tab
};

// The card's contents; fills `rq` when the user picks something.
void start_card(PlaygroundState& state, StartRequest* rq);

// The things to try, in the order the card lists them (tests and the README name them).
struct StartTry {
    const char* label;    // the button
    const char* what;     // one line: what you will see
    const char* example;  // examples.h id
    const char* mode;     // run mode
    const char* panel;    // panel brought to the front
};
const StartTry* start_tries(int* count);

}  // namespace kiln::playground
