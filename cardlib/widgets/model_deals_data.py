"""The model deals, computed by tools/model_deals.py (make model-deals): do not edit by hand."""

MODEL_DEALS = [
    {
        "game": "alkort",
        "players": 4,
        "seed": 11,
        "dealer": 3,
        "options": {},
        "title": "Alkort: a deal played well",
        "about": "Four Monte Carlo bots; you watch from every seat.",
        "moves": [
            {
                "seat": 0,
                "move": "play A♥",
                "note": {
                    "samples": 200,
                    "why": "Playing A♥, playing A♦ and playing J♦ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing A♥ wins the deal "
                    "(five tricks first) 12% ± 5% of the time and scores -0.75 ± 0.09 points).",
                    "options": [
                        {"option": "play A♥", "points": -0.75, "margin": 0.09, "win": 0.125, "win_margin": 0.053},
                        {"option": "play A♦", "points": -0.75, "margin": 0.09, "win": 0.125, "win_margin": 0.053},
                        {"option": "play J♦", "points": -0.77, "margin": 0.1, "win": 0.125, "win_margin": 0.053},
                        {"option": "play 6♥", "points": -0.85, "margin": 0.09, "win": 0.085, "win_margin": 0.047},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play A♠",
                "note": {
                    "samples": 200,
                    "why": "Playing J♠, playing J♥, playing A♠, playing 2♦ and 3 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing J♠ wins the deal (five tricks first) 83% ± 6% of the time and scores "
                    "+0.66 ± 0.10 points).",
                    "options": [
                        {"option": "play J♠", "points": 0.66, "margin": 0.1, "win": 0.83, "win_margin": 0.058},
                        {"option": "play J♥", "points": 0.66, "margin": 0.1, "win": 0.83, "win_margin": 0.058},
                        {"option": "play A♠", "points": 0.65, "margin": 0.11, "win": 0.825, "win_margin": 0.059},
                        {"option": "play 2♦", "points": 0.63, "margin": 0.11, "win": 0.815, "win_margin": 0.06},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 4♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 4♠, playing K♠, playing Q♥, playing Q♦ and 1 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 4♠ wins the deal (five tricks first) 36% ± 7% of the time and scores "
                    "-0.23 ± 0.18 points).",
                    "options": [
                        {"option": "play 4♠", "points": -0.23, "margin": 0.18, "win": 0.355, "win_margin": 0.068},
                        {"option": "play K♠", "points": -0.23, "margin": 0.18, "win": 0.355, "win_margin": 0.068},
                        {"option": "play Q♥", "points": -0.23, "margin": 0.18, "win": 0.355, "win_margin": 0.068},
                        {"option": "play Q♦", "points": -0.23, "margin": 0.18, "win": 0.355, "win_margin": 0.068},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play J♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♠, playing 3♦, playing 8♣, playing K♦ and 4 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 6♠ wins the deal (five tricks first) 50% ± 7% of the time and scores "
                    "+0.01 ± 0.14 points).",
                    "options": [
                        {"option": "play 6♠", "points": 0.01, "margin": 0.14, "win": 0.505, "win_margin": 0.069},
                        {"option": "play 3♦", "points": 0.01, "margin": 0.14, "win": 0.505, "win_margin": 0.069},
                        {"option": "play 8♣", "points": 0.01, "margin": 0.14, "win": 0.505, "win_margin": 0.069},
                        {"option": "play K♦", "points": 0.01, "margin": 0.16, "win": 0.485, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play J♦",
                "note": {
                    "samples": 200,
                    "why": "Playing J♦ is best: it wins the deal (five tricks first) 28% ± 7% of the time "
                    "and scores -0.38 ± 0.17 points, 0.08 more than playing A♦, the next best.",
                    "options": [
                        {"option": "play J♦", "points": -0.38, "margin": 0.17, "win": 0.275, "win_margin": 0.066},
                        {"option": "play A♦", "points": -0.46, "margin": 0.17, "win": 0.235, "win_margin": 0.063},
                        {"option": "play 6♥", "points": -0.59, "margin": 0.14, "win": 0.185, "win_margin": 0.06},
                        {"option": "play 6♦", "points": -0.59, "margin": 0.14, "win": 0.185, "win_margin": 0.06},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play J♠",
                "note": {
                    "samples": 200,
                    "why": "Playing J♠ and playing J♥ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing J♠ wins the deal (five tricks "
                    "first) 77% ± 6% of the time and scores +0.54 ± 0.12 points).",
                    "options": [
                        {"option": "play J♠", "points": 0.54, "margin": 0.12, "win": 0.77, "win_margin": 0.063},
                        {"option": "play J♥", "points": 0.54, "margin": 0.12, "win": 0.77, "win_margin": 0.063},
                        {"option": "play 8♦", "points": 0.46, "margin": 0.12, "win": 0.73, "win_margin": 0.065},
                        {"option": "play 2♦", "points": 0.42, "margin": 0.13, "win": 0.71, "win_margin": 0.066},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play K♠",
                "note": {
                    "samples": 200,
                    "why": "Playing K♠, playing 2♣ and playing A♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing K♠ wins the deal "
                    "(five tricks first) 54% ± 7% of the time and scores +0.12 ± 0.16 points).",
                    "options": [
                        {"option": "play K♠", "points": 0.12, "margin": 0.16, "win": 0.54, "win_margin": 0.069},
                        {"option": "play 2♣", "points": 0.1, "margin": 0.16, "win": 0.53, "win_margin": 0.069},
                        {"option": "play Q♥", "points": 0.09, "margin": 0.16, "win": 0.52, "win_margin": 0.069},
                        {"option": "play Q♦", "points": 0.09, "margin": 0.16, "win": 0.52, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play K♦",
                "note": {
                    "samples": 200,
                    "why": "Playing K♦ is best: it wins the deal (five tricks first) 38% ± 7% of the time "
                    "and scores -0.24 ± 0.13 points, 0.26 more than playing 9♠, the next best.",
                    "options": [
                        {"option": "play K♦", "points": -0.24, "margin": 0.13, "win": 0.38, "win_margin": 0.069},
                        {"option": "play 9♠", "points": -0.5, "margin": 0.16, "win": 0.3, "win_margin": 0.067},
                        {"option": "play 4♥", "points": -0.5, "margin": 0.16, "win": 0.3, "win_margin": 0.067},
                        {"option": "play 4♦", "points": -0.5, "margin": 0.16, "win": 0.3, "win_margin": 0.067},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play 6♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♠ and playing 8♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 6♠ wins the deal (five tricks "
                    "first) 43% ± 7% of the time and scores -0.14 ± 0.14 points).",
                    "options": [
                        {"option": "play 6♠", "points": -0.14, "margin": 0.14, "win": 0.43, "win_margin": 0.069},
                        {"option": "play 8♣", "points": -0.18, "margin": 0.14, "win": 0.41, "win_margin": 0.069},
                        {"option": "play 9♠", "points": -0.24, "margin": 0.13, "win": 0.38, "win_margin": 0.069},
                        {"option": "play 4♥", "points": -0.24, "margin": 0.13, "win": 0.38, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play 2♠",
                "note": {
                    "samples": 200,
                    "why": "Playing A♦, playing K♥ and playing Q♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing A♦ wins the deal "
                    "(five tricks first) 32% ± 7% of the time and scores -0.35 ± 0.13 points).",
                    "options": [
                        {"option": "play A♦", "points": -0.35, "margin": 0.13, "win": 0.325, "win_margin": 0.068},
                        {"option": "play K♥", "points": -0.45, "margin": 0.12, "win": 0.275, "win_margin": 0.066},
                        {"option": "play Q♣", "points": -0.45, "margin": 0.12, "win": 0.275, "win_margin": 0.066},
                        {"option": "play 2♠", "points": -0.47, "margin": 0.12, "win": 0.265, "win_margin": 0.065},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 2♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 2♦, playing 9♣, playing K♣, playing 2♥ and 1 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 2♦ wins the deal (five tricks first) 56% ± 7% of the time and scores "
                    "+0.13 ± 0.14 points).",
                    "options": [
                        {"option": "play 2♦", "points": 0.13, "margin": 0.14, "win": 0.565, "win_margin": 0.069},
                        {"option": "play 9♣", "points": 0.13, "margin": 0.14, "win": 0.565, "win_margin": 0.069},
                        {"option": "play K♣", "points": 0.13, "margin": 0.14, "win": 0.565, "win_margin": 0.069},
                        {"option": "play 2♥", "points": 0.12, "margin": 0.14, "win": 0.56, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play Q♥",
                "note": {
                    "samples": 200,
                    "why": "Playing Q♥, playing Q♦ and playing 2♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing Q♥ wins the deal "
                    "(five tricks first) 59% ± 7% of the time and scores +0.18 ± 0.14 points).",
                    "options": [
                        {"option": "play Q♥", "points": 0.18, "margin": 0.14, "win": 0.59, "win_margin": 0.069},
                        {"option": "play Q♦", "points": 0.18, "margin": 0.14, "win": 0.59, "win_margin": 0.069},
                        {"option": "play 2♣", "points": 0.16, "margin": 0.14, "win": 0.58, "win_margin": 0.069},
                        {"option": "play 7♦", "points": 0.1, "margin": 0.14, "win": 0.55, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 7♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♠ is best: it wins the deal (five tricks first) 58% ± 7% of the time "
                    "and scores +0.17 ± 0.14 points, 0.22 more than playing J♥, the next best.",
                    "options": [
                        {"option": "play 7♠", "points": 0.17, "margin": 0.14, "win": 0.585, "win_margin": 0.069},
                        {"option": "play J♥", "points": -0.05, "margin": 0.14, "win": 0.475, "win_margin": 0.069},
                        {"option": "play 8♦", "points": -0.13, "margin": 0.14, "win": 0.435, "win_margin": 0.069},
                        {"option": "play 2♦", "points": -0.23, "margin": 0.14, "win": 0.385, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 2♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 2♣ and playing Q♦ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 2♣ wins the deal (five tricks "
                    "first) 45% ± 7% of the time and scores -0.10 ± 0.14 points).",
                    "options": [
                        {"option": "play 2♣", "points": -0.1, "margin": 0.14, "win": 0.45, "win_margin": 0.069},
                        {"option": "play Q♦", "points": -0.13, "margin": 0.14, "win": 0.435, "win_margin": 0.069},
                        {"option": "play 7♦", "points": -0.28, "margin": 0.13, "win": 0.36, "win_margin": 0.069},
                        {"option": "play A♣", "points": -0.38, "margin": 0.13, "win": 0.31, "win_margin": 0.067},
                    ],
                },
            },
            {"seat": 3, "move": "play 9♠", "note": None},
            {
                "seat": 0,
                "move": "play 6♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♥, playing 6♦, playing 3♣ and playing K♥ are as good as each other: "
                    "over 200 imagined deals their difference is within the noise (playing 6♥ wins "
                    "the deal (five tricks first) 20% ± 6% of the time and scores -0.61 ± 0.11 "
                    "points).",
                    "options": [
                        {"option": "play 6♥", "points": -0.61, "margin": 0.11, "win": 0.195, "win_margin": 0.06},
                        {"option": "play 6♦", "points": -0.61, "margin": 0.11, "win": 0.195, "win_margin": 0.06},
                        {"option": "play 3♣", "points": -0.61, "margin": 0.11, "win": 0.195, "win_margin": 0.06},
                        {"option": "play K♥", "points": -0.65, "margin": 0.11, "win": 0.175, "win_margin": 0.059},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play J♥",
                "note": {
                    "samples": 200,
                    "why": "Playing J♥ and playing 8♦ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing J♥ wins the deal (five tricks "
                    "first) 68% ± 7% of the time and scores +0.37 ± 0.13 points).",
                    "options": [
                        {"option": "play J♥", "points": 0.37, "margin": 0.13, "win": 0.685, "win_margin": 0.067},
                        {"option": "play 8♦", "points": 0.31, "margin": 0.13, "win": 0.655, "win_margin": 0.068},
                        {"option": "play 2♦", "points": 0.22, "margin": 0.14, "win": 0.61, "win_margin": 0.069},
                        {"option": "play 9♣", "points": 0.19, "margin": 0.14, "win": 0.595, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play A♣",
                "note": {
                    "samples": 200,
                    "why": "Playing A♣ is best: it wins the deal (five tricks first) 40% ± 7% of the time "
                    "and scores -0.20 ± 0.14 points, 0.16 more than playing 8♠, the next best.",
                    "options": [
                        {"option": "play A♣", "points": -0.2, "margin": 0.14, "win": 0.4, "win_margin": 0.069},
                        {"option": "play 8♠", "points": -0.36, "margin": 0.13, "win": 0.32, "win_margin": 0.068},
                        {"option": "play 9♥", "points": -0.36, "margin": 0.13, "win": 0.32, "win_margin": 0.068},
                        {"option": "play Q♦", "points": -0.44, "margin": 0.12, "win": 0.28, "win_margin": 0.066},
                    ],
                },
            },
            {"seat": 3, "move": "play Q♠", "note": None},
            {
                "seat": 0,
                "move": "play K♥",
                "note": {
                    "samples": 200,
                    "why": "Playing K♥, playing 3♣ and playing Q♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing K♥ wins the deal "
                    "(five tricks first) 31% ± 7% of the time and scores -0.38 ± 0.13 points).",
                    "options": [
                        {"option": "play K♥", "points": -0.38, "margin": 0.13, "win": 0.31, "win_margin": 0.067},
                        {"option": "play 3♣", "points": -0.38, "margin": 0.13, "win": 0.31, "win_margin": 0.067},
                        {"option": "play Q♣", "points": -0.38, "margin": 0.13, "win": 0.31, "win_margin": 0.067},
                        {"option": "play 6♦", "points": -0.52, "margin": 0.12, "win": 0.24, "win_margin": 0.064},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 8♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 8♠ and playing 9♥ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 8♠ wins the deal (five tricks "
                    "first) 70% ± 7% of the time and scores +0.41 ± 0.13 points).",
                    "options": [
                        {"option": "play 8♠", "points": 0.41, "margin": 0.13, "win": 0.705, "win_margin": 0.067},
                        {"option": "play 9♥", "points": 0.41, "margin": 0.13, "win": 0.705, "win_margin": 0.067},
                        {"option": "play 7♦", "points": 0.3, "margin": 0.13, "win": 0.65, "win_margin": 0.068},
                        {"option": "play Q♦", "points": -0.26, "margin": 0.13, "win": 0.37, "win_margin": 0.069},
                    ],
                },
            },
            {"seat": 3, "move": "play 4♥", "note": None},
            {
                "seat": 0,
                "move": "play 3♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 3♣ and playing Q♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 3♣ wins the deal (five tricks "
                    "first) 40% ± 7% of the time and scores -0.21 ± 0.14 points).",
                    "options": [
                        {"option": "play 3♣", "points": -0.21, "margin": 0.14, "win": 0.395, "win_margin": 0.069},
                        {"option": "play Q♣", "points": -0.21, "margin": 0.14, "win": 0.395, "win_margin": 0.069},
                        {"option": "play 6♦", "points": -0.42, "margin": 0.13, "win": 0.29, "win_margin": 0.066},
                        {"option": "play A♦", "points": -0.44, "margin": 0.12, "win": 0.28, "win_margin": 0.066},
                    ],
                },
            },
            {"seat": 1, "move": "play 2♦", "note": None},
            {
                "seat": 2,
                "move": "play 9♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♦ and playing 9♥ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 7♦ wins the deal (five tricks "
                    "first) 58% ± 7% of the time and scores +0.16 ± 0.14 points).",
                    "options": [
                        {"option": "play 7♦", "points": 0.16, "margin": 0.14, "win": 0.58, "win_margin": 0.069},
                        {"option": "play 9♥", "points": 0.13, "margin": 0.14, "win": 0.565, "win_margin": 0.069},
                        {"option": "play Q♦", "points": -0.09, "margin": 0.14, "win": 0.455, "win_margin": 0.069},
                    ],
                },
            },
            {"seat": 3, "move": "play 3♦", "note": None},
            {
                "seat": 0,
                "move": "play Q♣",
                "note": {
                    "samples": 200,
                    "why": "Playing Q♣ is best: it wins the deal (five tricks first) 82% ± 6% of the time "
                    "and scores +0.63 ± 0.11 points, 0.36 more than playing 6♦, the next best.",
                    "options": [
                        {"option": "play Q♣", "points": 0.63, "margin": 0.11, "win": 0.815, "win_margin": 0.06},
                        {"option": "play 6♦", "points": 0.27, "margin": 0.13, "win": 0.635, "win_margin": 0.069},
                        {"option": "play A♦", "points": 0.22, "margin": 0.14, "win": 0.61, "win_margin": 0.069},
                    ],
                },
            },
            {"seat": 1, "move": "play 8♦", "note": None},
            {
                "seat": 2,
                "move": "play 7♦",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♦ is best: it wins the deal (five tricks first) 100% ± 2% of the time "
                    "and scores +1.00 ± 0.00 points, 1.58 more than playing Q♦, the next best.",
                    "options": [
                        {"option": "play 7♦", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play Q♦", "points": -0.58, "margin": 0.11, "win": 0.21, "win_margin": 0.062},
                    ],
                },
            },
            {"seat": 3, "move": "play 4♦", "note": None},
            {"seat": 0, "move": "play A♦", "note": None},
            {"seat": 1, "move": "play 9♣", "note": None},
        ],
    },
    {
        "game": "alkort",
        "players": 4,
        "seed": 23,
        "dealer": 3,
        "options": {},
        "title": "Alkort: another deal played well",
        "about": "Watch the partners help each other.",
        "moves": [
            {
                "seat": 0,
                "move": "play 8♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 8♠ is best: it wins the deal (five tricks first) 79% ± 6% of the time "
                    "and scores +0.76 ± 0.18 points, 0.22 more than playing 2♥, the next best.",
                    "options": [
                        {"option": "play 8♠", "points": 0.76, "margin": 0.18, "win": 0.79, "win_margin": 0.062},
                        {"option": "play 2♥", "points": 0.54, "margin": 0.12, "win": 0.77, "win_margin": 0.063},
                        {"option": "play J♥", "points": 0.17, "margin": 0.14, "win": 0.585, "win_margin": 0.069},
                        {"option": "play J♦", "points": 0.17, "margin": 0.14, "win": 0.585, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 3♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 3♥, playing K♥, playing 4♦, playing Q♦ and 3 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 3♥ wins the deal (five tricks first) 53% ± 7% of the time and scores "
                    "+0.10 ± 0.16 points).",
                    "options": [
                        {"option": "play 3♥", "points": 0.1, "margin": 0.16, "win": 0.53, "win_margin": 0.069},
                        {"option": "play K♥", "points": 0.1, "margin": 0.16, "win": 0.53, "win_margin": 0.069},
                        {"option": "play 4♦", "points": 0.1, "margin": 0.16, "win": 0.53, "win_margin": 0.069},
                        {"option": "play Q♦", "points": 0.1, "margin": 0.16, "win": 0.53, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 7♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♥ is best: it wins the deal (five tricks first) 99% ± 3% of the time "
                    "and scores +1.28 ± 0.18 points, 0.16 more than playing A♦, the next best.",
                    "options": [
                        {"option": "play 6♥", "points": 1.28, "margin": 0.18, "win": 0.99, "win_margin": 0.026},
                        {"option": "play A♦", "points": 1.12, "margin": 0.15, "win": 0.98, "win_margin": 0.03},
                        {"option": "play 9♠", "points": 1.11, "margin": 0.15, "win": 0.985, "win_margin": 0.028},
                        {"option": "play Q♠", "points": 1.11, "margin": 0.15, "win": 0.985, "win_margin": 0.028},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play K♦",
                "note": {
                    "samples": 200,
                    "why": "Playing K♦ is best: it wins the deal (five tricks first) 78% ± 6% of the time "
                    "and scores +0.56 ± 0.12 points, 0.41 more than playing 4♥, the next best.",
                    "options": [
                        {"option": "play K♦", "points": 0.56, "margin": 0.12, "win": 0.78, "win_margin": 0.062},
                        {"option": "play 4♥", "points": 0.15, "margin": 0.14, "win": 0.575, "win_margin": 0.069},
                        {"option": "play 3♣", "points": 0.12, "margin": 0.14, "win": 0.56, "win_margin": 0.069},
                        {"option": "play 6♣", "points": 0.08, "margin": 0.14, "win": 0.54, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play A♥",
                "note": {
                    "samples": 200,
                    "why": "Playing A♥, playing A♣, playing 9♦, playing J♠ and 1 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing A♥ wins the deal (five tricks first) 86% ± 6% of the time and scores "
                    "+0.71 ± 0.10 points).",
                    "options": [
                        {"option": "play A♥", "points": 0.71, "margin": 0.1, "win": 0.855, "win_margin": 0.055},
                        {"option": "play A♣", "points": 0.71, "margin": 0.1, "win": 0.855, "win_margin": 0.055},
                        {"option": "play 9♦", "points": 0.66, "margin": 0.1, "win": 0.83, "win_margin": 0.058},
                        {"option": "play J♠", "points": 0.64, "margin": 0.12, "win": 0.805, "win_margin": 0.06},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play 4♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 4♠, playing K♠, playing J♥, playing 8♦ and 3 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 4♠ wins the deal (five tricks first) 67% ± 7% of the time and scores "
                    "+0.34 ± 0.13 points).",
                    "options": [
                        {"option": "play 4♠", "points": 0.34, "margin": 0.13, "win": 0.67, "win_margin": 0.068},
                        {"option": "play K♠", "points": 0.34, "margin": 0.13, "win": 0.67, "win_margin": 0.068},
                        {"option": "play J♥", "points": 0.34, "margin": 0.13, "win": 0.67, "win_margin": 0.068},
                        {"option": "play 8♦", "points": 0.34, "margin": 0.13, "win": 0.67, "win_margin": 0.068},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play K♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♠, playing K♥, playing 4♦, playing Q♦ and 2 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 6♠ wins the deal (five tricks first) 70% ± 7% of the time and scores "
                    "+0.90 ± 0.26 points).",
                    "options": [
                        {"option": "play 6♠", "points": 0.9, "margin": 0.26, "win": 0.705, "win_margin": 0.067},
                        {"option": "play K♥", "points": 0.77, "margin": 0.19, "win": 0.78, "win_margin": 0.062},
                        {"option": "play 4♦", "points": 0.77, "margin": 0.19, "win": 0.78, "win_margin": 0.062},
                        {"option": "play Q♦", "points": 0.76, "margin": 0.19, "win": 0.775, "win_margin": 0.063},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 9♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 2♦, playing 9♠, playing Q♠, playing Q♣ and 1 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 2♦ wins the deal (five tricks first) 79% ± 6% of the time and scores "
                    "+0.58 ± 0.11 points).",
                    "options": [
                        {"option": "play 2♦", "points": 0.58, "margin": 0.11, "win": 0.79, "win_margin": 0.062},
                        {"option": "play 9♠", "points": 0.57, "margin": 0.11, "win": 0.785, "win_margin": 0.062},
                        {"option": "play Q♠", "points": 0.57, "margin": 0.11, "win": 0.785, "win_margin": 0.062},
                        {"option": "play Q♣", "points": 0.57, "margin": 0.11, "win": 0.785, "win_margin": 0.062},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play J♠",
                "note": {
                    "samples": 200,
                    "why": "Playing J♠, playing J♣, playing A♣ and playing 9♦ are as good as each other: "
                    "over 200 imagined deals their difference is within the noise (playing J♠ wins "
                    "the deal (five tricks first) 86% ± 5% of the time and scores +0.85 ± 0.15 "
                    "points).",
                    "options": [
                        {"option": "play J♠", "points": 0.85, "margin": 0.15, "win": 0.865, "win_margin": 0.054},
                        {"option": "play J♣", "points": 0.85, "margin": 0.15, "win": 0.865, "win_margin": 0.054},
                        {"option": "play A♣", "points": 0.82, "margin": 0.08, "win": 0.91, "win_margin": 0.048},
                        {"option": "play 6♣", "points": 0.74, "margin": 0.14, "win": 0.84, "win_margin": 0.057},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play K♠",
                "note": {
                    "samples": 200,
                    "why": "Playing J♥ and playing J♦ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing J♥ wins the deal (five tricks "
                    "first) 75% ± 6% of the time and scores +0.50 ± 0.12 points).",
                    "options": [
                        {"option": "play J♥", "points": 0.5, "margin": 0.12, "win": 0.75, "win_margin": 0.064},
                        {"option": "play J♦", "points": 0.5, "margin": 0.12, "win": 0.75, "win_margin": 0.064},
                        {"option": "play K♠", "points": 0.41, "margin": 0.13, "win": 0.705, "win_margin": 0.067},
                        {"option": "play 8♦", "points": 0.4, "margin": 0.13, "win": 0.7, "win_margin": 0.067},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 4♦",
                "note": {
                    "samples": 200,
                    "why": "Playing 4♦, playing Q♦, playing 2♣, playing K♣ and 1 other options are as good "
                    "as each other: over 200 imagined deals their difference is within the noise "
                    "(playing 4♦ wins the deal (five tricks first) 86% ± 6% of the time and scores "
                    "+0.98 ± 0.20 points).",
                    "options": [
                        {"option": "play 4♦", "points": 0.98, "margin": 0.2, "win": 0.855, "win_margin": 0.055},
                        {"option": "play Q♦", "points": 0.98, "margin": 0.2, "win": 0.855, "win_margin": 0.055},
                        {"option": "play 2♣", "points": 0.98, "margin": 0.2, "win": 0.855, "win_margin": 0.055},
                        {"option": "play K♣", "points": 0.98, "margin": 0.2, "win": 0.855, "win_margin": 0.055},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play A♦",
                "note": {
                    "samples": 200,
                    "why": "Playing A♦ is best: it wins the deal (five tricks first) 88% ± 5% of the time "
                    "and scores +0.76 ± 0.09 points, 0.61 more than playing 4♣, the next best.",
                    "options": [
                        {"option": "play A♦", "points": 0.76, "margin": 0.09, "win": 0.88, "win_margin": 0.052},
                        {"option": "play 4♣", "points": 0.15, "margin": 0.14, "win": 0.575, "win_margin": 0.069},
                        {"option": "play 2♦", "points": -0.17, "margin": 0.19, "win": 0.485, "win_margin": 0.069},
                        {"option": "play Q♠", "points": -0.2, "margin": 0.19, "win": 0.47, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 7♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♣ is best: it wins the deal (five tricks first) 88% ± 5% of the time "
                    "and scores +0.76 ± 0.09 points, 0.13 more than playing 4♣, the next best.",
                    "options": [
                        {"option": "play 7♣", "points": 0.76, "margin": 0.09, "win": 0.88, "win_margin": 0.052},
                        {"option": "play 4♣", "points": 0.63, "margin": 0.11, "win": 0.815, "win_margin": 0.06},
                        {"option": "play 6♥", "points": 0.6, "margin": 0.11, "win": 0.8, "win_margin": 0.061},
                        {"option": "play Q♠", "points": 0.57, "margin": 0.11, "win": 0.785, "win_margin": 0.062},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play 4♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♣, playing 4♥ and playing 3♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing 6♣ wins the deal "
                    "(five tricks first) 64% ± 7% of the time and scores +0.27 ± 0.13 points).",
                    "options": [
                        {"option": "play 6♣", "points": 0.27, "margin": 0.13, "win": 0.635, "win_margin": 0.069},
                        {"option": "play 4♥", "points": 0.25, "margin": 0.13, "win": 0.625, "win_margin": 0.069},
                        {"option": "play 3♣", "points": 0.24, "margin": 0.13, "win": 0.62, "win_margin": 0.069},
                        {"option": "play J♣", "points": 0.14, "margin": 0.14, "win": 0.57, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play J♥",
                "note": {
                    "samples": 200,
                    "why": "Playing J♥, playing J♦, playing 8♦ and playing 8♣ are as good as each other: "
                    "over 200 imagined deals their difference is within the noise (playing J♥ wins "
                    "the deal (five tricks first) 97% ± 3% of the time and scores +0.94 ± 0.05 "
                    "points).",
                    "options": [
                        {"option": "play J♥", "points": 0.94, "margin": 0.05, "win": 0.97, "win_margin": 0.034},
                        {"option": "play J♦", "points": 0.94, "margin": 0.05, "win": 0.97, "win_margin": 0.034},
                        {"option": "play 8♦", "points": 0.93, "margin": 0.05, "win": 0.965, "win_margin": 0.035},
                        {"option": "play 8♣", "points": 0.93, "margin": 0.05, "win": 0.965, "win_margin": 0.035},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play Q♦",
                "note": {
                    "samples": 200,
                    "why": "Playing Q♦, playing 2♣ and playing K♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing Q♦ wins the deal "
                    "(five tricks first) 80% ± 6% of the time and scores +0.61 ± 0.11 points).",
                    "options": [
                        {"option": "play Q♦", "points": 0.61, "margin": 0.11, "win": 0.805, "win_margin": 0.06},
                        {"option": "play 2♣", "points": 0.61, "margin": 0.11, "win": 0.805, "win_margin": 0.06},
                        {"option": "play K♣", "points": 0.61, "margin": 0.11, "win": 0.805, "win_margin": 0.06},
                        {"option": "play 6♠", "points": 0.21, "margin": 0.14, "win": 0.605, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 6♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♥, playing 2♦ and playing 4♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing 6♥ wins the deal "
                    "(five tricks first) 85% ± 6% of the time and scores +0.70 ± 0.10 points).",
                    "options": [
                        {"option": "play 6♥", "points": 0.7, "margin": 0.1, "win": 0.85, "win_margin": 0.056},
                        {"option": "play 2♦", "points": 0.65, "margin": 0.11, "win": 0.825, "win_margin": 0.059},
                        {"option": "play Q♠", "points": 0.62, "margin": 0.11, "win": 0.81, "win_margin": 0.06},
                        {"option": "play Q♣", "points": 0.62, "margin": 0.11, "win": 0.81, "win_margin": 0.06},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play 3♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 3♣, playing J♣, playing A♣ and playing 9♦ are as good as each other: "
                    "over 200 imagined deals their difference is within the noise (playing 3♣ wins "
                    "the deal (five tricks first) 74% ± 7% of the time and scores +0.47 ± 0.12 "
                    "points).",
                    "options": [
                        {"option": "play 3♣", "points": 0.47, "margin": 0.12, "win": 0.735, "win_margin": 0.065},
                        {"option": "play J♣", "points": 0.43, "margin": 0.13, "win": 0.715, "win_margin": 0.066},
                        {"option": "play A♣", "points": 0.4, "margin": 0.13, "win": 0.7, "win_margin": 0.067},
                        {"option": "play 9♦", "points": 0.36, "margin": 0.13, "win": 0.68, "win_margin": 0.068},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play 2♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 2♥, playing 8♦, playing 8♣ and playing J♦ are as good as each other: "
                    "over 200 imagined deals their difference is within the noise (playing 2♥ wins "
                    "the deal (five tricks first) 100% ± 2% of the time and scores +1.00 ± 0.00 "
                    "points).",
                    "options": [
                        {"option": "play 2♥", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play 8♦", "points": 0.98, "margin": 0.03, "win": 0.99, "win_margin": 0.026},
                        {"option": "play 8♣", "points": 0.98, "margin": 0.03, "win": 0.99, "win_margin": 0.026},
                        {"option": "play J♦", "points": 0.97, "margin": 0.03, "win": 0.985, "win_margin": 0.028},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 6♠",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♠ and playing 2♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 6♠ wins the deal (five tricks "
                    "first) 60% ± 7% of the time and scores +0.20 ± 0.14 points).",
                    "options": [
                        {"option": "play 6♠", "points": 0.2, "margin": 0.14, "win": 0.6, "win_margin": 0.069},
                        {"option": "play 2♣", "points": 0.15, "margin": 0.14, "win": 0.575, "win_margin": 0.069},
                        {"option": "play K♣", "points": 0.08, "margin": 0.14, "win": 0.54, "win_margin": 0.069},
                        {"option": "play 7♦", "points": -0.13, "margin": 0.14, "win": 0.435, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play 7♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♥ is best: it wins the deal (five tricks first) 100% ± 2% of the time "
                    "and scores +1.00 ± 0.00 points, 0.30 more than playing 8♦, the next best.",
                    "options": [
                        {"option": "play 7♥", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play 8♦", "points": 0.7, "margin": 0.1, "win": 0.85, "win_margin": 0.056},
                        {"option": "play 8♣", "points": 0.7, "margin": 0.1, "win": 0.85, "win_margin": 0.056},
                        {"option": "play J♦", "points": 0.67, "margin": 0.1, "win": 0.835, "win_margin": 0.058},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 2♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 2♣ and playing K♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 2♣ wins the deal (five tricks "
                    "first) 44% ± 7% of the time and scores -0.13 ± 0.14 points).",
                    "options": [
                        {"option": "play 2♣", "points": -0.13, "margin": 0.14, "win": 0.435, "win_margin": 0.069},
                        {"option": "play K♣", "points": -0.13, "margin": 0.14, "win": 0.435, "win_margin": 0.069},
                        {"option": "play 7♦", "points": -0.48, "margin": 0.12, "win": 0.26, "win_margin": 0.065},
                        {"option": "play 9♥", "points": -0.76, "margin": 0.09, "win": 0.12, "win_margin": 0.052},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play Q♠",
                "note": {
                    "samples": 200,
                    "why": "Playing Q♠, playing 2♦ and playing Q♣ are as good as each other: over 200 "
                    "imagined deals their difference is within the noise (playing Q♠ wins the deal "
                    "(five tricks first) 100% ± 2% of the time and scores +1.00 ± 0.00 points).",
                    "options": [
                        {"option": "play Q♠", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play 2♦", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play Q♣", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play 4♣", "points": 0.12, "margin": 0.14, "win": 0.56, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 3,
                "move": "play 6♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 6♣ and playing J♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 6♣ wins the deal (five tricks "
                    "first) 40% ± 7% of the time and scores -0.19 ± 0.14 points).",
                    "options": [
                        {"option": "play 6♣", "points": -0.19, "margin": 0.14, "win": 0.405, "win_margin": 0.069},
                        {"option": "play J♣", "points": -0.2, "margin": 0.14, "win": 0.4, "win_margin": 0.069},
                        {"option": "play A♣", "points": -0.28, "margin": 0.13, "win": 0.36, "win_margin": 0.069},
                        {"option": "play 9♦", "points": -0.29, "margin": 0.13, "win": 0.355, "win_margin": 0.068},
                    ],
                },
            },
            {"seat": 0, "move": "play 8♦", "note": None},
            {
                "seat": 1,
                "move": "play K♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 9♥ and playing K♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 9♥ wins the deal (five tricks "
                    "first) 36% ± 7% of the time and scores -0.29 ± 0.13 points).",
                    "options": [
                        {"option": "play 9♥", "points": -0.29, "margin": 0.13, "win": 0.355, "win_margin": 0.068},
                        {"option": "play K♣", "points": -0.3, "margin": 0.13, "win": 0.35, "win_margin": 0.068},
                        {"option": "play 7♦", "points": -0.67, "margin": 0.1, "win": 0.165, "win_margin": 0.058},
                    ],
                },
            },
            {"seat": 2, "move": "play 2♦", "note": None},
            {
                "seat": 3,
                "move": "play J♣",
                "note": {
                    "samples": 200,
                    "why": "Playing J♣ is best: it wins the deal (five tricks first) 64% ± 7% of the time "
                    "and scores +0.29 ± 0.13 points, 0.17 more than playing 9♦, the next best.",
                    "options": [
                        {"option": "play J♣", "points": 0.29, "margin": 0.13, "win": 0.645, "win_margin": 0.068},
                        {"option": "play 9♦", "points": 0.12, "margin": 0.14, "win": 0.56, "win_margin": 0.069},
                        {"option": "play A♣", "points": 0.12, "margin": 0.14, "win": 0.56, "win_margin": 0.069},
                    ],
                },
            },
            {"seat": 3, "move": "play 9♦", "note": None},
            {"seat": 0, "move": "play J♦", "note": None},
            {
                "seat": 1,
                "move": "play 9♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 9♥ is best: it wins the deal (five tricks first) 84% ± 6% of the time "
                    "and scores +0.68 ± 0.10 points, 0.15 more than playing 7♦, the next best.",
                    "options": [
                        {"option": "play 9♥", "points": 0.68, "margin": 0.1, "win": 0.84, "win_margin": 0.057},
                        {"option": "play 7♦", "points": 0.53, "margin": 0.12, "win": 0.765, "win_margin": 0.063},
                    ],
                },
            },
            {
                "seat": 2,
                "move": "play 4♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 4♣ is best: it wins the deal (five tricks first) 100% ± 2% of the time "
                    "and scores +1.00 ± 0.00 points, 0.17 more than playing Q♣, the next best.",
                    "options": [
                        {"option": "play 4♣", "points": 1.0, "margin": 0.0, "win": 1.0, "win_margin": 0.019},
                        {"option": "play Q♣", "points": 0.83, "margin": 0.08, "win": 0.915, "win_margin": 0.047},
                    ],
                },
            },
        ],
    },
    {
        "game": "ecarte",
        "players": 2,
        "seed": 5,
        "dealer": 0,
        "options": {},
        "title": "Écarté: a deal played well",
        "about": "Two Monte Carlo bots: the call, the exchange, the play.",
        "moves": [
            {
                "seat": 1,
                "move": "play J♦",
                "note": {
                    "samples": 200,
                    "why": "Proposing is best: it wins the point (three tricks or more) 18% ± 6% of the "
                    "time and scores -0.86 ± 0.19 points, 0.52 more than playing 10♣, the next "
                    "best. The table says: propose — 26 % ± 6 to win the point, -0.86 ± 0.21 points "
                    "a deal (play: 20 % ± 6 to win the point, -1.63 ± 0.19 points a deal; hands "
                    "like yours: - / Jx xx Q).",
                    "options": [
                        {"option": "propose", "points": -0.86, "margin": 0.19, "win": 0.185, "win_margin": 0.06},
                        {"option": "play 10♣", "points": -1.39, "margin": 0.21, "win": 0.23, "win_margin": 0.063},
                        {"option": "play A♦", "points": -1.4, "margin": 0.2, "win": 0.225, "win_margin": 0.063},
                        {"option": "play J♦", "points": -1.4, "margin": 0.2, "win": 0.225, "win_margin": 0.063},
                    ],
                },
            },
            {"seat": 0, "move": "play K♦", "note": None},
            {
                "seat": 0,
                "move": "play J♣",
                "note": {
                    "samples": 200,
                    "why": "Playing J♣ and playing 7♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing J♣ wins the point (three tricks "
                    "or more) 12% ± 5% of the time and scores -0.66 ± 0.13 points).",
                    "options": [
                        {"option": "play J♣", "points": -0.66, "margin": 0.13, "win": 0.115, "win_margin": 0.052},
                        {"option": "play 7♣", "points": -0.78, "margin": 0.11, "win": 0.075, "win_margin": 0.045},
                        {"option": "play 7♦", "points": -0.83, "margin": 0.1, "win": 0.055, "win_margin": 0.041},
                        {"option": "play 9♥", "points": -0.94, "margin": 0.06, "win": 0.02, "win_margin": 0.03},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play 8♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 8♣ is best: it wins the point (three tricks or more) 13% ± 5% of the "
                    "time and scores -1.61 ± 0.14 points, 0.09 more than playing 10♣, the next "
                    "best.",
                    "options": [
                        {"option": "play 8♣", "points": -1.61, "margin": 0.14, "win": 0.13, "win_margin": 0.054},
                        {"option": "play 10♣", "points": -1.7, "margin": 0.13, "win": 0.1, "win_margin": 0.049},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play 7♦",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♦ and playing 7♣ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 7♦ wins the point (three tricks "
                    "or more) 44% ± 7% of the time and scores +0.34 ± 0.21 points).",
                    "options": [
                        {"option": "play 7♦", "points": 0.34, "margin": 0.21, "win": 0.445, "win_margin": 0.069},
                        {"option": "play 7♣", "points": 0.34, "margin": 0.21, "win": 0.445, "win_margin": 0.069},
                        {"option": "play 9♥", "points": -0.88, "margin": 0.08, "win": 0.04, "win_margin": 0.037},
                    ],
                },
            },
            {"seat": 1, "move": "play A♦", "note": None},
            {"seat": 1, "move": "play Q♠", "note": None},
            {"seat": 0, "move": "play 9♥", "note": None},
            {"seat": 0, "move": "play 7♣", "note": None},
            {"seat": 1, "move": "play 10♣", "note": None},
        ],
    },
    {
        "game": "ecarte",
        "players": 2,
        "seed": 17,
        "dealer": 0,
        "options": {},
        "title": "Écarté: another deal played well",
        "about": "Watch when the coach can tell the options apart.",
        "moves": [
            {
                "seat": 1,
                "move": "play Q♣",
                "note": {
                    "samples": 200,
                    "why": "Proposing is best: it wins the point (three tricks or more) 38% ± 7% of the "
                    "time and scores -0.17 ± 0.21 points, 0.33 more than playing A♥, the next best. "
                    "The table says: propose — 53 % ± 7 to win the point, -0.17 ± 0.21 points a "
                    "deal (play: 58 % ± 7 to win the point, -0.54 ± 0.24 points a deal; hands like "
                    "yours: xx / Q x x).",
                    "options": [
                        {"option": "propose", "points": -0.17, "margin": 0.21, "win": 0.385, "win_margin": 0.069},
                        {"option": "play A♥", "points": -0.51, "margin": 0.23, "win": 0.51, "win_margin": 0.069},
                        {"option": "play 9♥", "points": -0.69, "margin": 0.23, "win": 0.45, "win_margin": 0.069},
                        {"option": "play Q♣", "points": -0.72, "margin": 0.23, "win": 0.445, "win_margin": 0.069},
                    ],
                },
            },
            {
                "seat": 0,
                "move": "play 7♣",
                "note": {
                    "samples": 200,
                    "why": "Playing 7♣ is best: it wins the point (three tricks or more) 6% ± 4% of the "
                    "time and scores -0.93 ± 0.11 points, 0.16 more than playing J♣, the next best.",
                    "options": [
                        {"option": "play 7♣", "points": -0.93, "margin": 0.11, "win": 0.055, "win_margin": 0.041},
                        {"option": "play J♣", "points": -1.08, "margin": 0.07, "win": 0.015, "win_margin": 0.028},
                    ],
                },
            },
            {
                "seat": 1,
                "move": "play A♥",
                "note": {
                    "samples": 200,
                    "why": "Playing 9♠ and playing 8♦ are as good as each other: over 200 imagined deals "
                    "their difference is within the noise (playing 9♠ wins the point (three tricks "
                    "or more) 80% ± 6% of the time and scores +0.39 ± 0.17 points).",
                    "options": [
                        {"option": "play 9♠", "points": 0.39, "margin": 0.17, "win": 0.795, "win_margin": 0.061},
                        {"option": "play 8♦", "points": 0.39, "margin": 0.17, "win": 0.795, "win_margin": 0.061},
                        {"option": "play A♥", "points": 0.23, "margin": 0.19, "win": 0.735, "win_margin": 0.065},
                        {"option": "play 9♥", "points": 0.04, "margin": 0.2, "win": 0.675, "win_margin": 0.068},
                    ],
                },
            },
            {"seat": 0, "move": "play J♥", "note": None},
            {
                "seat": 0,
                "move": "play J♦",
                "note": {
                    "samples": 200,
                    "why": "Playing J♦ is best: it wins the point (three tricks or more) 24% ± 6% of the "
                    "time and scores -0.28 ± 0.18 points, 0.16 more than playing K♠, the next best.",
                    "options": [
                        {"option": "play J♦", "points": -0.28, "margin": 0.18, "win": 0.24, "win_margin": 0.064},
                        {"option": "play K♠", "points": -0.45, "margin": 0.16, "win": 0.185, "win_margin": 0.06},
                        {"option": "play J♣", "points": -0.51, "margin": 0.15, "win": 0.165, "win_margin": 0.058},
                    ],
                },
            },
            {"seat": 1, "move": "play 8♦", "note": None},
            {"seat": 0, "move": "play K♠", "note": None},
            {"seat": 1, "move": "play 9♠", "note": None},
            {"seat": 0, "move": "play J♣", "note": None},
            {"seat": 1, "move": "play 9♥", "note": None},
        ],
    },
]
