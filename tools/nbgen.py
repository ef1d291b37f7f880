"""Write a notebook from a list of ("md" | "code", source) cells, without outputs, with "source"
as a list of lines (one source line per JSON line, as the project stores notebooks).

    from tools.nbgen import write_notebook, lesson_notebook
    write_notebook("notebooks/x.ipynb", [("code", "print(1)")])
    lesson_notebook("01_field_and_zones")      # notebooks/01_field_and_zones.ipynb: one code cell

Also a command: ``python tools/nbgen.py lesson 01_field_and_zones [...]`` writes lesson notebooks.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def source_lines(src: str) -> list[str]:
    lines = src.strip("\n").split("\n")
    return [ln + "\n" for ln in lines[:-1]] + [lines[-1]]


def notebook(cells) -> dict:
    nb = {"cells": [], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                    "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    for i, (kind, src) in enumerate(cells):
        cell = {"cell_type": "markdown" if kind == "md" else "code", "id": f"cell-{i}", "metadata": {},
                "source": source_lines(src)}
        if kind != "md":
            cell.update(outputs=[], execution_count=None)
        nb["cells"].append(cell)
    return nb


def write_notebook(path, cells) -> None:
    text = json.dumps(notebook(cells), ensure_ascii=False, indent=1) + "\n"
    pathlib.Path(path).write_text(text, encoding="utf-8")


def lesson_notebook(lesson_id: str, folder=None) -> pathlib.Path:
    """The notebook of a lesson: one code cell that shows the lesson page."""
    path = pathlib.Path(folder or ROOT / "notebooks") / f"{lesson_id}.ipynb"
    write_notebook(path, [("code", f'from widgets.lesson import lesson_page\nlesson_page("{lesson_id}")')])
    return path


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] != "lesson":
        print("usage: python tools/nbgen.py lesson LESSON_ID [...]", file=sys.stderr)
        raise SystemExit(2)
    for lid in sys.argv[2:]:
        print(lesson_notebook(lid))
