"""Serve the course as web pages with Voilà: the apps, and every chapter without its code.

    .venv/bin/python notebooks/apps/serve.py            # http://127.0.0.1:8866/ (or the next free port)
    .venv/bin/python notebooks/apps/serve.py --port=9000

This is plain Voilà serving the folder ``notebooks/``, with three things added:

* its configuration is the repository's own, ``notebooks/apps/voila/voila.json``
  (sources stripped, no code execution from the browser, idle kernels culled,
  pre-heated kernels for the four apps, timeouts), never a file in the user's home;
* its page template is ``notebooks/apps/voila/templates/course``: Voilà's "lab"
  template without the stylesheets it would fetch from a CDN, so the pages work offline;
* the front page ``/`` opens the landing page that links the apps, not a file listing;
* each page gets the ``_xsrf`` cookie that Voilà's own page sends back when its tab is
  closed, asking the server to stop the page's kernel (without it the server refuses,
  and the kernel lingers until the idle culler stops it).

Any other Voilà option can be given on the command line and wins over the file.
It runs as root as well (Voilà, unlike JupyterLab, has no --allow-root check).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent  # notebooks/apps
NOTEBOOKS = HERE.parent  # what Voilà serves
CONFIG_DIR = HERE / "voila"  # voila.json, and templates/course/
LANDING_PAGE = "voila/render/apps/index.ipynb"


def use_course_templates() -> None:
    """Let Voilà find the course template: Jupyter looks for templates in JUPYTER_PATH/voila/templates."""
    paths = [str(HERE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(paths)


def course_voila_class():
    """Voilà with the repository's configuration and the landing page at '/'."""
    from tornado.ioloop import IOLoop
    from tornado.web import RedirectHandler
    from traitlets import default
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class CourseVoilaHandler(TornadoVoilaHandler):
        """Voilà's page handler, setting the _xsrf cookie the page needs to stop its kernel on close."""

        async def prepare(self, *args, **kwargs) -> None:
            await super().prepare(*args, **kwargs)
            self.xsrf_token  # noqa: B018 - reading the token sets the cookie

    class CourseVoila(Voila):
        """Voilà as the course serves it."""

        name = "voila"  # so the configuration file is voila.json, as for plain Voilà

        @default("config_file_paths")
        def _course_config_paths(self) -> list[str]:
            return [str(CONFIG_DIR)]

        def init_handlers(self) -> list:
            # Tornado takes the first rule that matches, so this one shadows the file listing;
            # the listing stays reachable at /voila/tree.
            landing = self.server_url + LANDING_PAGE
            handlers = [(rule[0], CourseVoilaHandler, *rule[2:]) if rule[1] is TornadoVoilaHandler else rule
                        for rule in super().init_handlers()]
            return [(self.server_url, RedirectHandler, {"url": landing}), *handlers]

        def start(self) -> None:
            IOLoop.current().add_callback(self.announce)
            super().start()

        def announce(self) -> None:
            """Say where the course is, once the port is known."""
            url = f"http://{self.ip}:{self.port}{self.base_url}"
            print(f"\nThe course is served at {url}  (landing page: {url}{LANDING_PAGE})\n"
                  "Stop it with Ctrl-C.\n", flush=True)

    return CourseVoila


def main(argv: list[str] | None = None) -> None:
    """Serve notebooks/ with the course's Voilà configuration; extra arguments go to Voilà."""
    use_course_templates()
    args = sys.argv[1:] if argv is None else argv
    course_voila_class().launch_instance(argv=[str(NOTEBOOKS), *args])


if __name__ == "__main__":
    main()
