"""Runs localstripe, the Stripe stand-in (.ci/lib.sh, start_localstripe), without its copy on disk.
(Not named localstripe.py: that name would hide the package it imports.)

localstripe pickles its whole store to /tmp/localstripe.pickle after every write, so each
request costs as much as everything made before it: over a test run's thousands of payments
the stand-in became the busiest process on the machine (93% of a core). Every instance on the
machine writes that same file, and the scripts always start it empty (--from-scratch), so the
copy is never read: it is left out here. Arguments are localstripe's own.
"""
import sys

from localstripe import resources
from localstripe.server import start

resources.Store.dump_to_disk = lambda self: None

if __name__ == "__main__":
    sys.exit(start())
