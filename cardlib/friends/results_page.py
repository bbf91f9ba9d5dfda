"""The teacher's results page of a duplicate match: one HTML page, served by the table server, that asks for the
match's results (``matches.results``, as JSON) every few seconds and draws them: who is ranked where, each deal over
at every table, and a CSV of it all. The results key comes in the page's own link and is sent only to the table
server; every text is put in the page as text (``textContent``), so that no name a player was given can be markup.
"""

from __future__ import annotations

import json

REFRESH_SECONDS = 5

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Duplicate match: the results</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; color: #1b1b1b;
  line-height: 1.5; }
a { color: #0d47a1; text-decoration: underline; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
caption { text-align: left; font-weight: bold; }
th, td { padding: 4px 12px; border-bottom: 1px solid #ccc; text-align: left; }
.wrong { color: #b71c1c; font-weight: bold; }
</style></head>
<body><main>
<h1>Duplicate match: the results</h1>
<p id="summary"></p>
<p id="status" role="status" aria-live="polite">Asking the table server for the results…</p>
<div id="results"></div>
<p><a id="csv" href="#">Download the results as CSV</a> (a spreadsheet opens it).</p>
</main>
<script>
(function () {
  const API = __API__;
  const REFRESH = __REFRESH__ * 1000;
  const key = new URLSearchParams(window.location.search).get('key') || '';
  document.getElementById('csv').href = API + '/results.csv?key=' + encodeURIComponent(key);
  const status = document.getElementById('status');

  function cell(row, text, header) {
    const element = document.createElement(header ? 'th' : 'td');
    if (header) { element.scope = header; }
    element.textContent = String(text);
    row.appendChild(element);
  }

  function table(caption, heads, rows) {
    const element = document.createElement('table');
    element.createCaption().textContent = caption;
    const head = element.insertRow();
    heads.forEach((text) => cell(head, text, 'col'));
    rows.forEach((values) => {
      const row = element.insertRow();
      values.forEach((value, index) => cell(row, value, index === 0 ? 'row' : ''));
    });
    return element;
  }

  function draw(found) {
    const over = found.deals_over_everywhere;
    document.getElementById('summary').textContent = `${found.game_name}: ${found.tables.length} tables play ` +
      `the same ${found.deals === 1 ? 'deal' : found.deals + ' deals'} (seed ${found.seed}); ` +
      `the computer plays ${found.level}. ` +
      `Over at every table: ${over} of ${found.deals}.`;
    const place = document.getElementById('results');
    place.replaceChildren();
    place.appendChild(table('The tables', ['Table', 'Players, by seat', 'Deals over'],
      found.tables.map((t) => [t.number, t.players.join(', '), `${t.deals_over} of ${found.deals}`])));
    if (over === 0) {
      status.textContent = 'No deal is over at every table yet: the results come as each deal ends everywhere.';
      return;
    }
    place.appendChild(table(`The ranking after ${over === 1 ? 'deal 1' : 'deals 1 to ' + over}, by matchpoints ` +
      '(2 for each table whose side in the same seats did worse, 1 for each that did the same)',
      ['Rank', 'Table', 'Side', 'Players', 'Points by deal', 'Matchpoints', 'Share'],
      found.ranking.map((e) => [e.rank, e.table, e.side_name, e.who, e.points.join(', '),
                                `${e.matchpoints} of ${e.most}`, e.percent === null ? '' : e.percent + ' %'])));
    status.textContent = over === found.deals ? 'The match is over.' : 'The results grow as each deal ends everywhere.';
  }

  async function ask() {
    try {
      const answer = await fetch(API + '/results', { headers: { 'X-Results-Key': key }, cache: 'no-store' });
      const found = await answer.json();
      if (!answer.ok) {
        status.textContent = found.error || 'The table server refused.';
        status.className = 'wrong';
        return answer.status === 429;  /* too many questions: ask again later; a wrong link: stop */
      }
      draw(found);
      return found.deals_over_everywhere < found.deals;
    } catch (error) {
      status.textContent = 'The table server cannot be reached just now: the page asks again in a moment.';
      return true;
    }
  }

  async function loop() {
    if (await ask()) { setTimeout(loop, REFRESH); }
  }
  loop();
})();
</script>
</body></html>
"""


def results_page(api: str) -> str:
    """The results page of the match whose API address this is (…/friends/api/matches/<match>)."""
    return PAGE.replace("__API__", json.dumps(api)).replace("__REFRESH__", str(REFRESH_SECONDS))
