"""deid: batch pseudonymizer for German and Austrian clinical free text."""

__version__ = "0.1.0"
