"""Where the book and its built site are (shared by the book's tests and their conftest)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
SITE = BOOK / "_build" / "html"
