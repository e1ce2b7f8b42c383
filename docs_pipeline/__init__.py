"""The pipeline that turns snippets into verified outputs and bilingual pages."""
