"""Write a notebook from a list of ("md" | "code", source) cells: ``python tools/nbgen.py`` is not a
CLI; lesson scripts import `write_notebook`. Notebooks are saved without outputs."""
import json
import pathlib


def write_notebook(path, cells) -> None:
    nb = {"cells": [], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                    "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    for i, (kind, src) in enumerate(cells):
        cell = {"cell_type": "markdown" if kind == "md" else "code", "id": f"cell-{i}", "metadata": {},
                "source": src.strip("\n")}
        if kind != "md":
            cell.update(outputs=[], execution_count=None)
        nb["cells"].append(cell)
    pathlib.Path(path).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
