// The live view's only script: it appends each new announcement to the log and brings the
// score table and the moment "now" up to date. The page is complete without it (a reload shows
// the latest state); with it, the log grows as the table plays. Text is only ever set as text.
"use strict";
(function () {
  var main = document.getElementById("live");
  if (!main || !window.EventSource || !window.JSON) {
    return;
  }
  var code = main.getAttribute("data-code");
  var lang = main.getAttribute("data-lang");
  var last = parseInt(main.getAttribute("data-last"), 10) || 0;
  var log = document.getElementById("log");
  var now = document.getElementById("now");
  var caption = document.getElementById("caption");
  var table = document.getElementById("scores");
  var KEEP = 500; // announcements kept on the page; older ones leave from the top

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

  function append(data) {
    var empty = document.getElementById("e0");
    if (empty) {
      empty.remove();
    }
    if (data.takes_back) {
      var taken = document.getElementById("e" + data.takes_back);
      if (taken) {
        taken.className = "taken-back";
      }
    }
    var line = document.createElement("p");
    line.id = "e" + data.id;
    line.textContent = data.line;
    log.appendChild(line);
    while (log.children.length > KEEP) {
      log.removeChild(log.firstElementChild);
    }
  }

  var source = null;
  function connect() {
    source = new EventSource("/events?code=" + encodeURIComponent(code) + "&lang=" +
                             encodeURIComponent(lang) + "&since=" + last);
    source.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (data.id <= last) {
        return; // already shown: a reconnect never repeats a line
      }
      last = data.id;
      append(data);
      showStanding(data);
    };
    source.onerror = function () {
      // The browser retries by itself with the last id; a refused stream is retried here.
      if (source.readyState === EventSource.CLOSED) {
        window.setTimeout(connect, 3000);
      }
    };
  }
  document.getElementById("connection").hidden = true;
  connect();
})();
