"""Every test session knows the example game (it lives here, not in the product)."""

from tests.support.race import install

install()
