/*
 * H5P.PerceptronLab: a Perceptron Lab lesson as an H5P content type (issue 28, docs/instructors.md "H5P").
 *
 * The widget runs as it ships: the single-file build (widget.js, written into this library folder by
 * `perceptron-cli package --h5p`, holds its HTML as a string: H5P hosts refuse .html files in a package),
 * in an <iframe sandbox="allow-scripts"> made from that text (srcdoc). The lesson and the instructor's
 * options go onto the widget's mount element as the data-* attributes of a course page
 * (docs/reference.md "Mount options and data-* attributes"). The widget answers this page by postMessage
 * (it trusts its parent: data-allowed-origins="self,parent"): 'perceptron-lab:get-result' with follow
 * gives the result record now and after every check (web/embed_messages.js).
 *
 * The H5P question contract: getScore (the record's raw: steps passed, or passed at the first try under
 * "scoring": "first-try"), getMaxScore (steps with a goal or a quiz), getAnswerGiven, showSolutions (a
 * list under the widget: each checked step's goal, right answer and hint), resetTask (a fresh widget),
 * getXAPIData (the lesson's statement and one child per checked step), getCurrentState (the widget's
 * link, which resumes the lesson with the student's points and attempts).
 *
 * xAPI, shaped for hosts that make an attempt of every top-level 'answered' or 'completed' (Moodle's
 * mod_h5pactivity does, and a new attempt there clears the saved state): a check sends the step as a
 * child statement ('answered' with the lesson as its parent, which starts no attempt) and a top-level
 * 'progressed' (H5P then saves getCurrentState soon, so a student who leaves resumes where they were).
 * The lesson as a whole is graded once per sitting: 'completed' when every checked step has passed, or
 * 'answered' with the score so far when the student presses Finish before that (then 'completed' too,
 * should they go back and pass the rest).
 *
 * ES5 only (H5P hosts load this file as it is): no arrow functions, let/const or template strings.
 */
var H5P = H5P || {};

H5P.PerceptronLab = (function ($, EventDispatcher) {
  'use strict';

  var PREFIX = 'perceptron-lab:';
  // The mount element of the single file (web/single/template.html): the attributes go right after it.
  var MOUNT = '<div id="lab" class="perceptron-lab"';
  var DEFAULTS = {
    lessonId: 'update-rule', lessonJson: '', height: 600, theme: 'light', contrast: false, textSize: 100, wheel: 'focus',
    behaviour: { enableRetry: true, enableSolutionsButton: true },
    l10n: {
      retry: 'Start again', showSolution: 'Show solution', hideSolution: 'Hide solution', goal: 'Goal',
      answer: 'Answer', hint: 'Hint', passed: 'passed', loading: 'Loading Perceptron Lab\u2026',
      cannotStart: 'Perceptron Lab could not start: its files are missing from this H5P library.',
      cannotGrade: 'This copy of Perceptron Lab cannot report results: make the package again with a newer widget.'
    }
  };

  // H5P hosts store text fields HTML-escaped (htmlspecialchars): the lesson's JSON comes back as it was written.
  var ENTITIES = { quot: '"', '#039': '\'', '#39': '\'', lt: '<', gt: '>', amp: '&' };
  function decodeEntities(text) {
    return String(text).replace(/&(quot|#0?39|lt|gt|amp);/g, function (match, name) { return ENTITIES[name]; });
  }
  function attributeValue(text) {
    return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  }
  // The lesson markup (**bold**, `code`) as plain text.
  function plain(text) {
    return String(text || '').replace(/\*\*/g, '').replace(/`/g, '');
  }
  function checkable(step) {
    return !!(step && (step.goal || (step.choices && step.choices.length)));
  }
  // FNV-1a of the lesson: a saved state is only resumed by the lesson it was made in.
  function lessonKey(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = (h + ((h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24))) >>> 0;
    }
    return h.toString(16);
  }

  // The folder this file was loaded from, when that is the library's own folder (a host may join the
  // preloaded files into one): where widget.js is for a host whose libraryInfo lacks a version part
  // (h5p-standalone 3.8 drops a minor version of 0).
  var OWN_FOLDER = (function () {
    var script = document.currentScript;
    var folder = script && script.src ? script.src.replace(/[?#].*$/, '').replace(/[^\/]*$/, '') : '';
    return /\/H5P\.PerceptronLab-\d+\.\d+\/$/.test(folder) ? folder : '';
  })();

  // widget.js is fetched once per page, when the first instance is attached.
  var widgetWaiting = null;
  function loadWidget(src, done) {
    if (PerceptronLab.widgetHtml) { done(true); return; }
    if (widgetWaiting) { widgetWaiting.push(done); return; }
    widgetWaiting = [done];
    var script = document.createElement('script');
    var finish = function () {
      var waiting = widgetWaiting;
      widgetWaiting = null;
      for (var i = 0; i < waiting.length; i++) waiting[i](!!PerceptronLab.widgetHtml);
    };
    script.onload = finish;
    script.onerror = finish;
    script.src = src;
    document.head.appendChild(script);
  }

  /**
   * params: semantics.json; extras.previousState: what getCurrentState gave, extras.metadata.title.
   */
  function PerceptronLab(params, contentId, extras) {
    EventDispatcher.call(this);
    this.params = $.extend(true, {}, DEFAULTS, params || {});
    this.contentId = contentId;
    this.extras = extras || {};
    var own = decodeEntities(this.params.lessonJson || '').replace(/^\s+|\s+$/g, '');
    this.lessonSource = own || String(this.params.lessonId || DEFAULTS.lessonId);
    this.lesson = null;  // the lesson's JSON as an object, when known (solutions, the maximum score)
    if (own) {
      try { this.lesson = JSON.parse(own); } catch (e) { this.lesson = null; }  // the widget says what is wrong
    } else if (PerceptronLab.builtinLessons) {
      this.lesson = PerceptronLab.builtinLessons[this.lessonSource] || null;
    }
    this.lessonKey = lessonKey(this.lessonSource);
    var previous = this.extras.previousState;
    this.resumeLink = previous && previous.lessonKey === this.lessonKey && typeof previous.link === 'string' ? previous.link : '';
    this.record = null;     // the widget's last result record (docs/reference.md "The result record")
    this.link = null;       // the widget's link at that record: resumes the lesson
    this.completedSent = false;  // the top-level 'completed' of this sitting
    this.partialSent = false;    // the top-level 'answered' sent at Finish before every step passed
    this.$container = null;
    this.iframe = null;
    this.solutionsShown = false;
    var self = this;
    this.onMessage = function (event) { self.handleMessage(event); };
  }
  PerceptronLab.prototype = Object.create(EventDispatcher.prototype);
  PerceptronLab.prototype.constructor = PerceptronLab;

  PerceptronLab.prototype.attach = function ($container) {
    var self = this;
    var l10n = this.params.l10n;
    this.$container = $container;
    $container.addClass('h5p-perceptron-lab').empty();
    this.$frameBox = $('<div class="h5p-perceptron-lab-box"></div>').css('height', this.height() + 'px').appendTo($container);
    this.$status = $('<div class="h5p-perceptron-lab-status" role="status"></div>').text(l10n.loading).appendTo(this.$frameBox);
    this.$solutions = $('<div class="h5p-perceptron-lab-solutions" hidden></div>').appendTo($container);
    var $buttons = $('<div class="h5p-perceptron-lab-buttons"></div>').appendTo($container);
    if (this.params.behaviour.enableSolutionsButton) {
      this.$solutionButton = $('<button type="button" class="h5p-perceptron-lab-button"></button>').text(l10n.showSolution)
        .on('click', function () { if (self.solutionsShown) self.hideSolutions(); else self.showSolutions(); })
        .appendTo($buttons);
    }
    if (this.params.behaviour.enableRetry) {
      $('<button type="button" class="h5p-perceptron-lab-button"></button>').text(l10n.retry)
        .on('click', function () { self.resetTask(); }).appendTo($buttons);
    }
    window.removeEventListener('message', this.onMessage);
    window.addEventListener('message', this.onMessage);
    loadWidget(this.widgetSrc(), function (ok) {
      if (!ok) { self.$status.text(l10n.cannotStart); return; }
      self.mountWidget();
    });
    this.trigger('resize');
  };

  PerceptronLab.prototype.widgetSrc = function () {
    var info = this.libraryInfo;
    if (info && info.machineName && /^\d+$/.test(String(info.majorVersion)) && /^\d+$/.test(String(info.minorVersion))) {
      return H5P.getLibraryPath(info.machineName + '-' + info.majorVersion + '.' + info.minorVersion) + '/widget.js';
    }
    return OWN_FOLDER ? OWN_FOLDER + 'widget.js' : H5P.getLibraryPath('H5P.PerceptronLab-0.2') + '/widget.js';
  };

  PerceptronLab.prototype.height = function () {
    var h = Number(this.params.height);
    return isFinite(h) && h >= 200 ? h : DEFAULTS.height;
  };

  // The single file with the lesson and the options on its mount element, in a sandboxed iframe.
  PerceptronLab.prototype.mountWidget = function () {
    var p = this.params;
    var attributes = [['data-lesson', this.lessonSource], ['data-wheel', p.wheel === 'always' ? 'always' : 'focus'],
      ['data-remember', 'off']];
    if (this.resumeLink) attributes.push(['data-link', this.resumeLink]);
    if (p.theme === 'dark') attributes.push(['data-theme', 'dark']);
    if (p.contrast) attributes.push(['data-contrast', 'more']);
    if (Number(p.textSize) > 100) attributes.push(['data-text-size', String(Math.min(200, Math.round(Number(p.textSize))))]);
    var html = PerceptronLab.widgetHtml;
    if (html.indexOf(MOUNT) < 0) { this.$status.text(this.params.l10n.cannotStart); return; }
    var added = '';
    for (var i = 0; i < attributes.length; i++) added += ' ' + attributes[i][0] + '="' + attributeValue(attributes[i][1]) + '"';
    if (this.iframe) $(this.iframe).remove();
    var iframe = document.createElement('iframe');
    iframe.className = 'h5p-perceptron-lab-frame';
    // Scripts only: the widget cannot reach this page, its cookies or the LMS; downloads for its Save buttons.
    iframe.setAttribute('sandbox', 'allow-scripts allow-downloads');
    iframe.setAttribute('allow', 'clipboard-write');
    iframe.setAttribute('title', (this.lesson && this.lesson.title) || 'Perceptron Lab');
    // Not the full-page widget of the single file (data-sync-url): a srcdoc frame cannot write the
    // state into its address, and the work lives in the H5P host's saved state instead.
    var at = html.indexOf(MOUNT);
    var end = html.indexOf('>', at);
    var tag = html.slice(at + MOUNT.length, end).replace(/\s+data-sync-url(?=[\s>]|$)/, '');
    iframe.srcdoc = html.slice(0, at) + MOUNT + added + tag + html.slice(end);
    this.iframe = iframe;
    this.$frameBox.append(iframe);
    this.trigger('resize');
  };

  PerceptronLab.prototype.handleMessage = function (event) {
    var data = event.data;
    if (!this.iframe || event.source !== this.iframe.contentWindow || !data || typeof data.type !== 'string') return;
    if (data.type === PREFIX + 'ready') {
      this.$status.text('').hide();
      // The sandboxed widget's origin is opaque ('null'): '*' is the only target that reaches it.
      this.iframe.contentWindow.postMessage({ type: PREFIX + 'get-result', follow: true, id: 'h5p' }, '*');
    } else if (data.type === PREFIX + 'result') {
      var before = this.record;
      this.record = data.result || null;
      this.link = typeof data.link === 'string' ? data.link : null;
      var afterCheck = data.id === undefined;  // the first reply carries our id; the checks do not
      var completed = !!(this.record && this.record.completed);
      if (afterCheck && this.record) {
        var steps = this.record.steps || [];
        var earlier = before && before.steps ? before.steps : [];
        var checked = false;
        for (var k = 0; k < steps.length; k++) {
          if (steps[k].attempts > (earlier[k] ? earlier[k].attempts : 0)) {
            this.trigger(this.stepEvent(k));
            checked = true;
          }
        }
        if (checked) this.trigger(this.createXAPIEventTemplate('progressed'));
      }
      if (completed && !this.completedSent) {
        this.completedSent = true;  // a resumed sitting that was complete already sends nothing
        if (afterCheck) this.triggerScored('completed');
      } else if (afterCheck && data.finished === true && !completed && !this.partialSent && !this.completedSent && this.getAnswerGiven()) {
        this.partialSent = true;
        this.triggerScored('answered');
      }
      if (this.solutionsShown) this.showSolutions();
    } else if (data.type === PREFIX + 'error' && data.request === PREFIX + 'get-result') {
      // A widget older than its results by message: it works, but this content cannot grade it.
      this.$status.text(this.params.l10n.cannotGrade).show();
    }
  };

  // triggerXAPIScored with the lesson described as an interaction (LMS reports show its title).
  PerceptronLab.prototype.scoredEvent = function (verb) {
    var event = this.createXAPIEventTemplate(verb);
    var definition = event.getVerifiedStatementValue(['object', 'definition']);
    if (definition) {
      definition.type = 'http://adlnet.gov/expapi/activities/cmi.interaction';
      definition.interactionType = 'other';
      if (this.lesson && this.lesson.title) definition.description = { 'en-US': String(this.lesson.title) };
    }
    var completed = !!(this.record && this.record.completed);
    event.setScoredResult(this.getScore(), this.getMaxScore(), this, completed, completed);
    return event;
  };
  PerceptronLab.prototype.triggerScored = function (verb) {
    this.trigger(this.scoredEvent(verb));
  };

  // One checked step as a child of the lesson: 'answered', its own object (the content's id with a
  // subContentId, as H5P names the parts of a content), the lesson as parent, the step's verdict and
  // whether it counts toward the score (1 of 1, or 0).
  PerceptronLab.prototype.stepEvent = function (k) {
    var step = this.record.steps[k];
    var event = this.createXAPIEventTemplate('answered');
    var statement = event.data.statement;
    var parentId = statement.object.id;
    var firstTry = this.record.score && this.record.score.scoring === 'first-try';
    var counts = !!step.passed && (!firstTry || !!step.firstTry);
    statement.object = {
      objectType: 'Activity',
      id: parentId + (parentId.indexOf('?') < 0 ? '?' : '&') + 'subContentId=step-' + (k + 1),
      definition: {
        name: { 'en-US': plain(step.title) || 'Step ' + (k + 1) },
        type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
        interactionType: 'other',
        extensions: { 'http://h5p.org/x-api/h5p-subContentId': 'step-' + (k + 1) }
      }
    };
    statement.context = statement.context || {};
    statement.context.contextActivities = statement.context.contextActivities || {};
    statement.context.contextActivities.parent = [{ id: parentId, objectType: 'Activity' }];
    var result = { score: { min: 0, raw: counts ? 1 : 0, max: 1, scaled: counts ? 1 : 0 }, completion: !!step.passed, success: !!step.passed };
    if (typeof step.response === 'string' && step.response) result.response = step.response.slice(0, 250);
    statement.result = result;
    return event;
  };

  PerceptronLab.prototype.getScore = function () {
    return this.record && this.record.score ? this.record.score.raw : 0;
  };
  PerceptronLab.prototype.getMaxScore = function () {
    if (this.record && this.record.score) return this.record.score.max;
    var steps = this.lesson && this.lesson.steps ? this.lesson.steps : [];
    var max = 0;
    for (var i = 0; i < steps.length; i++) if (checkable(steps[i])) max++;
    return max;
  };
  PerceptronLab.prototype.getAnswerGiven = function () {
    var steps = this.record && this.record.steps ? this.record.steps : [];
    for (var i = 0; i < steps.length; i++) if (steps[i].attempts > 0) return true;
    return false;
  };
  PerceptronLab.prototype.getTitle = function () {
    var title = (this.extras.metadata && this.extras.metadata.title) || (this.lesson && this.lesson.title) || 'Perceptron Lab';
    return H5P.createTitle ? H5P.createTitle(title) : title;
  };
  // What a host stores with the lesson's statement (Moodle: the attempt's report): the lesson, and each
  // step checked so far as its child.
  PerceptronLab.prototype.getXAPIData = function () {
    var children = [];
    var steps = this.record && this.record.steps ? this.record.steps : [];
    for (var k = 0; k < steps.length; k++) {
      if (steps[k].attempts > 0) children.push({ statement: this.stepEvent(k).data.statement });
    }
    return { statement: this.scoredEvent('answered').data.statement, children: children };
  };
  // The widget's link (points, training, lesson step and attempts); undefined until it has answered,
  // so an early save keeps the state this content was started from.
  PerceptronLab.prototype.getCurrentState = function () {
    if (this.link === null) return this.extras.previousState || undefined;
    return { lessonKey: this.lessonKey, link: this.link };
  };

  /**
   * The widget cannot show its answers itself: this lists, under it, each step that is checked with its
   * goal (the expression the widget checks), the right answer of its quiz and its hint, and whether the
   * student has passed it. Without the lesson's JSON (a built-in lesson this library does not know), the
   * record's step titles and goals.
   */
  PerceptronLab.prototype.showSolutions = function () {
    if (!this.$solutions) return;
    var l10n = this.params.l10n;
    var steps = this.lesson && this.lesson.steps ? this.lesson.steps : null;
    var recorded = this.record && this.record.steps ? this.record.steps : [];
    var $list = $('<ol class="h5p-perceptron-lab-solution-list"></ol>');
    var count = steps ? steps.length : recorded.length;
    for (var k = 0; k < count; k++) {
      var step = steps ? steps[k] : null;
      var r = recorded[k] || null;
      if (step ? !checkable(step) : !(r && r.kind !== 'text')) continue;
      var $item = $('<li></li>').attr('value', k + 1).appendTo($list);
      $('<strong></strong>').text(plain(step ? step.title : r.title)).appendTo($item);
      if (r && r.passed) $('<span class="h5p-perceptron-lab-passed"></span>').text(' \u2713 ' + l10n.passed).appendTo($item);
      var lines = [];
      if (step && step.goal) lines.push([l10n.goal, step.goal]);
      else if (!step && r && /goal/.test(r.kind)) lines.push([l10n.goal, r.response]);
      if (step && step.choices && step.choices.length) lines.push([l10n.answer, plain(step.choices[step.answer || 0])]);
      if (step && step.hint) lines.push([l10n.hint, plain(step.hint)]);
      for (var i = 0; i < lines.length; i++) {
        var $line = $('<div></div>').appendTo($item);
        $('<span class="h5p-perceptron-lab-label"></span>').text(lines[i][0] + ': ').appendTo($line);
        $(lines[i][0] === l10n.goal ? '<code></code>' : '<span></span>').text(lines[i][1]).appendTo($line);
      }
    }
    this.$solutions.empty().append($list).prop('hidden', false);
    this.solutionsShown = true;
    if (this.$solutionButton) this.$solutionButton.text(l10n.hideSolution);
    this.trigger('resize');
  };
  PerceptronLab.prototype.hideSolutions = function () {
    if (this.$solutions) this.$solutions.empty().prop('hidden', true);
    this.solutionsShown = false;
    if (this.$solutionButton) this.$solutionButton.text(this.params.l10n.showSolution);
    this.trigger('resize');
  };

  /** The lesson from its first step in a fresh widget: score 0, no attempts, the student's points gone. */
  PerceptronLab.prototype.resetTask = function () {
    this.record = null;
    this.link = '';
    this.resumeLink = '';
    this.completedSent = false;
    this.partialSent = false;
    this.hideSolutions();
    if (this.$container && PerceptronLab.widgetHtml) {
      this.$status.text(this.params.l10n.loading).show();
      this.mountWidget();
    }
  };

  return PerceptronLab;
})(H5P.jQuery, H5P.EventDispatcher);
