"""The Hub Space: `python app.py` serves the Gradio demo (source, references, summary in; score and explanation out)."""
from pyramid_metric.space import build_demo

demo = build_demo()

if __name__ == "__main__":
    demo.launch()
