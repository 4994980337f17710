"""The rules in effect as a book, in words, in several languages."""
