// The open lesson in the accessible mirror (embed_a11y.js, through embed_a11y_parts.js): the step's
// text and goal, its answer as form controls of the step's kind (lesson format version 2, as the
// canvas card offers them: src/app/lesson/panel_lesson_answers.cpp), Check, and the step buttons. Every
// control calls the handle's lesson verbs; the verdict is said in the live region once, whichever side
// made it. The kinds:
//   quiz      radio buttons, one per answer
//   select    checkboxes ("select all that apply"); after a check each one's description says its mark
//   number    a labelled text field; what it reads as ("= 5.571") or why not is its description;
//   vector    Enter checks
//   predict   the next point in words, two radio buttons (Mistake, No mistake), and the new w's field
//             when the step asks for it; Check reads "Check and step" (it makes the visit)
// The DOM helpers come from embed_a11y_parts.js (passed in: the single-file build allows no import cycle).

const MINUS = '\u2212';
const number = (v) => String(Number(v.toPrecision(4))).replace('-', MINUS);
const MARK_WORDS = { right: 'right', wrong: 'picked, but not right', missed: 'missed: this one is right too', 'left-out': '' };

/**
 * dom: {el, actionButton, setEnabled} of embed_a11y_parts.js; left(): called after the student left the
 * lesson (the caller moves the focus to the lesson list and its Reopen); copyResult(): "Copy my result".
 * Returns {node, heading, show(lesson, paragraphs)}.
 */
export function buildLessonForm(dom, id, headingTag, handle, announce, refresh, left = () => {}, copyResult = null) {
  const { el, actionButton, setEnabled } = dom;
  const heading = el(headingTag, { id: `${id}-lesson`, className: 'perceptron-lab-a11y-part', tabindex: '-1' });
  const stepLine = el('p', { className: 'perceptron-lab-a11y-step', tabindex: '-1' });
  const content = el('div', { className: 'perceptron-lab-a11y-lesson-text' });
  const answers = el('div', { className: 'perceptron-lab-a11y-answers' });
  const tries = el('p', { className: 'perceptron-lab-a11y-tries', hidden: true });
  const scoring = el('p', { className: 'perceptron-lab-a11y-scoring', hidden: true });  // a first-try lesson's rule
  const verdict = el('p', { className: 'perceptron-lab-a11y-verdict' });
  let lesson = null;
  const verdictText = (l) => (l && l.checked ? `${l.passed ? 'Passed' : l.outOfTries ? 'Not passed' : 'Not yet'}: ${l.message}` : '');
  let saidVerdict = '';  // the verdict last said, wherever Check was pressed (here or on the canvas)
  const back = actionButton('Back', () => moveTo(lesson.step - 1));
  const check = actionButton('Check', () => {
    handle.checkGoal();
    // Said even when it repeats the last verdict: the student pressed Check and waits for an answer.
    saidVerdict = '';
    refresh();
  });
  // After Next or Back the new step is said, and the focus goes to its first answer (or the step's line
  // when it asks for none): a second Enter then never skips a step.
  let focusStep = false;
  const moveTo = (k) => {
    if (!handle.lessonStep(k).ok) return;
    focusStep = true;
    refresh();
  };
  const next = actionButton('Next', () => {
    if (lesson.step + 1 >= lesson.steps) {
      // Finish: "Lesson complete", as on the canvas, with the summary and the way back.
      handle.finishLesson();
      refresh();
      completeHeading.focus();
    } else {
      moveTo(lesson.step + 1);
    }
  });
  const leave = actionButton('Leave the lesson', () => { handle.leaveLesson(); refresh(); left(); });
  // The card's "Print this lesson": the sheet opens in a new tab that prints itself (lab.printLesson).
  const print = actionButton('Print this lesson', () => { handle.printLesson(); refresh(); });
  const stepPart = el('div', {}, stepLine, content, answers,
    el('div', { className: 'perceptron-lab-a11y-buttons', role: 'group', 'aria-label': 'Lesson steps' }, back, check, next, leave),
    tries, scoring, verdict, el('div', { className: 'perceptron-lab-a11y-buttons' }, print));
  // "Lesson complete" after Finish (the canvas's card says the same): the summary, the record to hand
  // in, back to the last step, or close the lesson (which can be reopened).
  const completeHeading = el('p', { className: 'perceptron-lab-a11y-step', tabindex: '-1' }, 'Lesson complete');
  const summary = el('p', {});
  const completeButtons = [
    actionButton('Back to the last step', () => { handle.unfinishLesson(); focusStep = true; refresh(); }),
    ...(copyResult ? [actionButton('Copy my result', () => { copyResult(); refresh(); })] : []),
    actionButton('Close the lesson', () => { handle.leaveLesson(); refresh(); left(); }),
  ];
  const completePart = el('div', { hidden: true }, completeHeading, summary,
    el('div', { className: 'perceptron-lab-a11y-buttons', role: 'group', 'aria-label': 'Lesson complete' }, ...completeButtons));
  const node = el('section', { className: 'perceptron-lab-a11y-lesson', 'aria-labelledby': heading.id, hidden: true },
    heading, stepPart, completePart);
  let saidComplete = false;
  const runNode = (run) => (run.style === 'bold' ? el('strong', {}, run.text) : run.style === 'code' ? el('code', {}, run.text) : run.text);

  // [SECTION] the controls of one step, rebuilt only for a new step (a control keeps its focus)
  let controls = { sync() {} };
  // Each choice is read once: the control carries the words as its name, and the visible label beside
  // it (a click on it still acts) is left out of the accessibility tree.
  function choiceList(l, type) {
    const legend = type === 'radio' ? 'Your answer' : 'Select all that apply';
    const inputs = l.choices.map((choice, k) => {
      const input = el('input', { type, name: `${id}-answer`, id: `${id}-answer-${k}`, value: String(k), 'aria-label': choice });
      const mark = el('span', { id: `${id}-mark-${k}`, className: 'perceptron-lab-a11y-mark' });
      if (type === 'checkbox') input.setAttribute('aria-describedby', mark.id);
      input.addEventListener('change', () => {
        if (type === 'radio' && !input.checked) return;
        handle.chooseAnswer(k);
        refresh();
      });
      return { input, mark, row: el('div', { className: 'perceptron-lab-a11y-choice' }, input,
        el('label', { for: input.id, 'aria-hidden': 'true' }, choice), mark) };
    });
    answers.replaceChildren(el('fieldset', { className: 'perceptron-lab-a11y-quiz' }, el('legend', {}, legend), ...inputs.map((i) => i.row)));
    return {
      sync(now) {
        inputs.forEach(({ input, mark }, k) => {
          input.checked = type === 'radio' ? now.chosen === k : now.ticked.includes(k);
          const word = now.marks ? MARK_WORDS[now.marks[k]] ?? '' : '';
          mark.textContent = word ? ` (${word})` : '';
        });
      },
    };
  }

  // A typed answer: a labelled text field, its reading as its description, Enter checks. Any keyboard:
  // a phone's decimal pad has no minus sign, slash or parentheses, so the field asks for plain text.
  function typedField(labelText, hint) {
    const input = el('input', { type: 'text', id: `${id}-typed`, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-reading` });
    const reading = el('p', { id: `${id}-reading`, className: 'perceptron-lab-a11y-reading' });
    const readingOf = (now) => (now.values.length === 1 && now.kind === 'number' ? `= ${number(now.values[0])}`
      : `= (${now.values.map(number).join(', ')})`);
    input.addEventListener('input', () => {
      if (!input.value.trim()) { reading.textContent = ''; return; }
      const result = handle.answer(input.value);
      reading.textContent = result.ok ? readingOf(handle.lesson()) : result.error;
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); check.click(); }
    });
    const node = el('div', { className: 'perceptron-lab-a11y-field' },
      el('label', { for: input.id }, labelText), el('span', { className: 'perceptron-lab-a11y-hint' }, ` ${hint}`), input, reading);
    return {
      node,
      sync(now) {
        // An answer given elsewhere (the canvas's field, the handle) shows here, unless the student is typing.
        if (document.activeElement !== input && now.typed && now.typed !== input.value) {
          input.value = now.typed;
          reading.textContent = readingOf(now);
        }
      },
    };
  }

  // Which visit a try is about: a try after a wrong prediction is about the next one (the card says the same).
  const nextVisitText = (next) => `This try is about visit ${next.visit}: point ${next.index + 1} at (${next.point.map(number).join(', ')}), `
    + `label ${next.label > 0 ? '+1' : `${MINUS}1`}.`;

  function predictControls(l) {
    const nextText = el('p', {}, l.next
      ? nextVisitText(l.next)
      : 'The next visit cannot be worked out here.');
    const radio = (value, label) => {
      // Read once: the name is on the control, the visible label (still clickable) is out of the tree.
      const input = el('input', { type: 'radio', name: `${id}-predict`, id: `${id}-predict-${value.replace(' ', '-')}`, value, 'aria-label': label });
      input.addEventListener('change', () => { if (input.checked) { handle.answer(value); refresh(); } });
      return [input, el('div', { className: 'perceptron-lab-a11y-choice' }, input, el('label', { for: input.id, 'aria-hidden': 'true' }, label))];
    };
    const [mistake, mistakeRow] = radio('mistake', 'Mistake');
    const [noMistake, noMistakeRow] = radio('no mistake', 'No mistake');
    const field = l.asksNewW ? typedField('And w after this visit', '(the same w if nothing changes; its components separated by commas)') : null;
    answers.replaceChildren(nextText,
      el('fieldset', { className: 'perceptron-lab-a11y-quiz' }, el('legend', {}, 'Will this visit be a mistake?'), mistakeRow, noMistakeRow),
      ...(field ? [field.node] : []));
    return {
      sync(now) {
        mistake.checked = now.predicted === 'mistake';
        noMistake.checked = now.predicted === 'no mistake';
        nextText.textContent = now.next
          ? nextVisitText(now.next)
          : 'The next visit cannot be worked out here.';
        field?.sync(now);
      },
    };
  }

  function buildControls(l) {
    answers.hidden = false;
    if (l.kind === 'quiz') return choiceList(l, 'radio');
    if (l.kind === 'select') return choiceList(l, 'checkbox');
    if (l.kind === 'predict') return predictControls(l);
    if (l.kind === 'number' || l.kind === 'vector') {
      const field = l.kind === 'number' ? typedField('Your answer', '(a number; 39/7 and sqrt(5) are read too)')
        : typedField('Your answer', '(the numbers, separated by commas, e.g. 1, \u22122, 0.5)');
      answers.replaceChildren(field.node);
      return field;
    }
    answers.replaceChildren();
    answers.hidden = true;
    return { sync() {} };
  }

  let structure = '';
  return {
    node,
    heading,
    /** lessonNow: handle.lesson(); paragraphs: the step's text as runs (web_a11y.cpp, the core's markup). */
    show(lessonNow, paragraphs) {
      lesson = lessonNow;
      node.hidden = !lesson;
      if (!lesson) { structure = ''; saidVerdict = ''; saidComplete = false; return; }
      heading.textContent = `Lesson: ${lesson.title}`;
      stepPart.hidden = lesson.finished;
      completePart.hidden = !lesson.finished;
      if (lesson.finished) {
        summary.textContent = lesson.summary;
        if (!saidComplete) announce(`Lesson complete. ${lesson.summary}`);
        saidComplete = true;
        return;
      }
      saidComplete = false;
      const key = JSON.stringify([lesson.id, lesson.step, lesson.text, lesson.goal, lesson.choices, lesson.kind, lesson.asksNewW]);
      if (key !== structure) {
        structure = key;
        stepLine.textContent = `Step ${lesson.step + 1} of ${lesson.steps}: ${lesson.stepTitle}`;
        content.replaceChildren(...(paragraphs || []).map((runs) => el('p', {}, ...runs.map(runNode))));
        if (lesson.goal) content.append(el('p', {}, el('strong', {}, 'Goal: '), lesson.goal));
        controls = buildControls(lesson);
      }
      if (focusStep) {
        focusStep = false;
        announce(stepLine.textContent);
        const first = answers.hidden ? null : answers.querySelector('input, textarea, select, button');
        (first || stepLine).focus();
      }
      controls.sync(lesson);
      setEnabled(back, lesson.step > 0);
      setEnabled(check, Boolean(lesson.goal) || lesson.kind !== 'text');
      check.textContent = lesson.kind === 'predict' ? 'Check and step' : 'Check';
      next.textContent = lesson.step + 1 >= lesson.steps ? 'Finish' : 'Next';
      tries.hidden = lesson.maxAttempts === null;
      tries.textContent = lesson.maxAttempts === null ? '' : `Tries used: ${lesson.attempts} of ${lesson.maxAttempts}`;
      scoring.hidden = !lesson.scoringNote;
      scoring.textContent = lesson.scoringNote || '';
      // The verdict shows and is said once, whichever side made it: this Check or the canvas's.
      const now = verdictText(lesson);
      verdict.textContent = now;
      if (now && now !== saidVerdict) announce(now);
      saidVerdict = now;
    },
  };
}
