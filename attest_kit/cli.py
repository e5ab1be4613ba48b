"""The attest-kit command line (wired later)."""
import click


@click.group()
def main() -> None:
    """attest-kit."""
