// The live view's only script: it appends each new announcement to the log and brings the
// score table and the moment "now" up to date. The page is complete without it (a reload shows
// the latest state); with it, the log grows as the table plays. Text is only ever set as text.
//
// On a seat's page it also sends the entry form without leaving the page, so the focus stays
// in the field: an accepted entry is heard once, as the announcement the log gets from the
// table; a refusal is put in the form's own polite live region. The form is made for the
// state of the game its player saw when they began to type: a new announcement moves an
// empty form on, never one with something typed in it (that one is told the game moved on).
// Each announcement says who may enter next: the field is shown only to those seats, the
// others read whose turn it is, and the seat whose entry is the latest may undo it.
"use strict";
(function () {
  var main = document.getElementById("live");
  if (!main || !window.EventSource || !window.JSON) {
    return;
  }
  var code = main.getAttribute("data-code");
  var lang = main.getAttribute("data-lang");
  var last = parseInt(main.getAttribute("data-last"), 10) || 0;
  var run = main.getAttribute("data-run") || ""; // the run of the live view "last" counts in
  var log = document.getElementById("log");
  var now = document.getElementById("now");
  var caption = document.getElementById("caption");
  var table = document.getElementById("scores");
  var KEEP = 500; // announcements kept on the page; older ones leave from the top

  var form = document.getElementById("entry");
  var field = document.getElementById("line");
  var label = document.getElementById("line-label");
  var answer = document.getElementById("answer");
  var waiting = document.getElementById("waiting");
  var fieldPart = document.getElementById("entry-field");
  var sendButton = document.getElementById("send");
  var undoButton = document.getElementById("undo");
  var seat = form ? parseInt(form.getAttribute("data-seat"), 10) : -1;
  var seatName = form ? form.getAttribute("data-name") : "";
  var sending = false;
  var lost = false; // a seat's page has told its player that the connection is lost
  // Who enters at the latest state the page knows; the server wrote the first into the page.
  var latestTurn = form ? {
    prompt: label.textContent,
    entering: fieldPart.hidden ? [] : [seat],
    waiting: waiting.textContent,
    latest_by: undoButton.hidden ? null : seatName
  } : null;

  function cell(tag, text, scope) {
    var element = document.createElement(tag);
    if (scope) {
      element.setAttribute("scope", scope);
    }
    element.textContent = text;
    return element;
  }

  function showStanding(data) {
    now.textContent = data.now;
    caption.textContent = data.caption;
    var headRow = document.createElement("tr");
    data.header.forEach(function (text) { headRow.appendChild(cell("th", text, "col")); });
    table.tHead.replaceChildren(headRow);
    var rows = data.rows.map(function (row) {
      var tr = document.createElement("tr");
      row.forEach(function (text, i) {
        tr.appendChild(i === 0 ? cell("th", text, "row") : cell("td", text));
      });
      return tr;
    });
    table.tBodies[0].replaceChildren.apply(table.tBodies[0], rows);
  }

  function markTakenBack(line) {
    // In the document, not by sight alone: "Taken back:" first, then the line as a deletion,
    // as the server writes it after a reload. The undo's own announcement says it now, so
    // this line is taken out of the live region's hearing before it changes.
    if (!line || line.className === "taken-back") {
      return;
    }
    line.setAttribute("aria-live", "off");
    var mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = log.getAttribute("data-taken-back");
    var struck = document.createElement("del");
    while (line.firstChild) {
      struck.appendChild(line.firstChild);
    }
    line.className = "taken-back";
    line.append(mark, " ", struck);
  }

  function append(data) {
    var empty = document.getElementById("e0");
    if (empty) {
      empty.remove();
    }
    if (data.takes_back) {
      markTakenBack(document.getElementById("e" + data.takes_back));
    }
    var line = document.createElement("p");
    line.id = "e" + data.id;
    line.textContent = data.line;
    log.appendChild(line);
    while (log.children.length > KEEP) {
      log.removeChild(log.firstElementChild);
    }
  }

  // -- a seat's form ------------------------------------------------------------------------
  function showTurn(turn, announce) {
    // The field only for a seat that may enter now; the others read whose turn it is, and
    // the seat whose entry is the latest may undo it. The focus never jumps: it moves only
    // from a control this change hides, to what stands in its place.
    var mine = turn.entering.indexOf(seat) >= 0;
    var canUndo = !mine && turn.latest_by === seatName;
    var focused = document.activeElement;
    var wasMine = !fieldPart.hidden;
    label.textContent = turn.prompt;
    waiting.textContent = turn.waiting;
    waiting.hidden = mine;
    fieldPart.hidden = !mine;
    field.disabled = !mine;
    sendButton.disabled = !mine;
    if (!mine) {
      field.value = ""; // typed for a turn that is over: the page stays made for the game
    }
    undoButton.hidden = !canUndo;
    undoButton.disabled = !canUndo;
    var controls = [field, sendButton, undoButton];
    if (controls.indexOf(focused) >= 0 && (focused.disabled || focused.hidden)) {
      (mine ? field : waiting).focus(); // its label, or whose turn it is, is read
    } else if (mine && !wasMine && announce) {
      say(form.getAttribute("data-your-turn")); // heard once, wherever the reader is
    }
  }

  function formState(state, turn) {
    // Only an empty form follows the game: what is typed stays made for what was seen.
    latestTurn = turn;
    if (form && field.value === "") {
      form.state.value = String(state);
      showTurn(turn, true);
    }
  }

  function moveOn(state, turn) {
    // After an answer: the form is made for the latest state the page knows.
    form.state.value = String(Math.max(state, last));
    showTurn(state >= last && turn.prompt ? turn : latestTurn, true);
  }

  function say(sentence) {
    // Emptied first, so that the same refusal twice is said twice.
    answer.textContent = "";
    window.setTimeout(function () { answer.textContent = sentence; }, 50);
  }

  function send(event) {
    event.preventDefault();
    if (sending) {
      return; // a double tap: the first one is on its way
    }
    sending = true;
    var body = new URLSearchParams(new FormData(form));
    if (event.submitter && event.submitter.name) { // the undo button sends its own line
      body.set(event.submitter.name, event.submitter.value);
    }
    fetch("/enter", {
      method: "POST", body: body, credentials: "same-origin",
      headers: {"Accept": "application/json"}
    }).then(function (response) {
      return response.json();
    }).then(function (data) {
      if (data.kind === "accepted") {
        field.value = "";
        answer.textContent = ""; // the log says it, once
        moveOn(data.state, data);
      } else if (data.kind === "closed") {
        window.location.reload(); // the seat closed: its page asks for the code again
      } else {
        if (data.kind === "moved-on" || data.kind === "late") {
          moveOn(data.state, data);
        }
        say(data.sentence);
      }
    }).catch(function () {
      // Nothing came back: whether it was entered, the announcements will tell.
      say(form.getAttribute("data-no-answer"));
    }).then(function () {
      sending = false;
    });
  }

  if (form && window.fetch && window.URLSearchParams && window.FormData) {
    form.addEventListener("submit", send);
  }

  // -- following the table -------------------------------------------------------------------
  // An event's id is RUN:NUMBER: the run of the live view (each start of the table's program)
  // and the announcement's number in it. The stream is asked for everything after the last id
  // this page saw; the server answers from the start of its run when that id is of another.
  function streamAddress() {
    var query = "lang=" + encodeURIComponent(lang) + "&since=" +
      encodeURIComponent(run + ":" + last);
    if (code) {
      query = "code=" + encodeURIComponent(code) + "&" + query;
    }
    return "/events?" + query;
  }

  function isNew(data) {
    // An announcement of another run (the program started again) counts from its start; a
    // page that did not know its run learns it, and keeps what it has shown.
    if (data.run !== run) {
      if (run) {
        last = 0;
      }
      run = data.run;
    }
    return data.id > last; // already shown: a reconnect never repeats a line
  }

  function seatGone() {
    // The seat was closed or has a new code, or the program started again: the page of this
    // address now says so in a sentence and asks for the seat's code.
    source.close();
    window.location.reload();
  }

  var source = null;
  function connect() {
    source = new EventSource(streamAddress());
    source.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (!isNew(data)) {
        return;
      }
      last = data.id;
      append(data);
      showStanding(data);
      formState(data.id, data);
    };
    source.addEventListener("seat", seatGone);
    source.onopen = function () {
      if (form && lost) { // a seat is told once that the table hears it again
        lost = false;
        say(form.getAttribute("data-back"));
      }
    };
    source.onerror = function () {
      if (form && !lost) { // said once, not at every try to reconnect
        lost = true;
        say(form.getAttribute("data-lost"));
      }
      // The browser retries by itself with the last id; a refused stream is retried here.
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(connect, 3000);
      }
    };
  }
  document.getElementById("connection").hidden = true;
  connect();
})();
