"""The games the service offers, one subpackage each."""
