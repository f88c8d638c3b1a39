#!/usr/bin/env python3
"""Writes a large chain's site bundle for the benchmarks (bench/publish.sh, search.sh, ingest.sh).

The demo chain (site/demo) grown to 300 theaters, 150 movies and 14 days of showtimes:
the demo's theaters, movies, schedules, events, pages and settings, plus generated
theaters and movies. Each generated theater shows 24 of the movies, four times a day
every day, so a movie plays at about 48 theaters.

    bench/large_bundle.py OUT_DIR [THEATERS MOVIES DAYS]
"""

import json
import random
import shutil
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parent.parent / "site" / "demo"
MOVIES_PER_THEATER = 24
TIMES = ["11:30", "14:15", "17:40", "20:50"]
FORMATS = ["Standard", "Standard", "Dolby Atmos", "IMAX", "3D"]
CITIES = [
    ("Providence", "RI", 41.82, -71.41), ("Boston", "MA", 42.36, -71.06),
    ("Hartford", "CT", 41.76, -72.67), ("Albany", "NY", 42.65, -73.76),
    ("Portland", "ME", 43.66, -70.26), ("Burlington", "VT", 44.48, -73.21),
    ("Newark", "NJ", 40.74, -74.17), ("Philadelphia", "PA", 39.95, -75.17),
    ("Baltimore", "MD", 39.29, -76.61), ("Richmond", "VA", 37.54, -77.44),
]
GENRES = ["Drama", "Comedy", "Action", "Thriller", "Animation", "Family", "Horror", "Sci-Fi"]
RATINGS = ["G", "PG", "PG-13", "R"]
WORDS = ["Night", "River", "Last", "Summer", "Signal", "Harbor", "Echo", "Crown", "Glass",
         "Wild", "Paper", "Iron", "Silent", "Golden", "Storm", "Garden", "Orbit", "Ember"]


def theater(index: int) -> dict:
    city, state, lat, lng = CITIES[index % len(CITIES)]
    number = index + 1
    return {
        "id": str(3000 + number),
        "name": f"Marquee {city} {number}",
        "slug": f"marquee-{city.lower()}-{number}",
        "code": f"MQ{number:04d}",
        "address": {
            "street": f"{100 + number} Main Street",
            "city": city,
            "state": state,
            "zipCode": f"{10000 + number:05d}",
            "country": "US",
        },
        "phone": f"(401) 555-{number:04d}",
        "email": f"theater{number}@marqueecinemas.example",
        "amenities": ["Recliner seating", "Wheelchair accessible"],
        "latitude": round(lat + (index % 7) * 0.01, 4),
        "longitude": round(lng - (index % 5) * 0.01, 4),
        "description": f"Screens in {city}, with recliners in every auditorium.",
        "screens": 8 + index % 9,
    }


def movie(index: int, rng: random.Random) -> dict:
    number = index + 1
    title = " ".join(rng.sample(WORDS, 2 + index % 2))
    return {
        "id": str(7000 + number),
        "title": f"{title} {number}",
        "synopsis": f"The story of {title.lower()}, told over one long season.",
        "runtimeMinutes": 85 + index % 60,
        "rating": RATINGS[index % len(RATINGS)],
        "genres": [GENRES[index % len(GENRES)]],
        "directors": ["Miriam Okafor"],
        "cast": ["Daniel Reyes", "Clara Whitfield"],
        "attributes": [],
        "originalLanguage": "en",
        "releaseDay": -(index % 14),
    }


def main() -> None:
    if len(sys.argv) not in (2, 5):
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    theaters, movies, days = (int(a) for a in sys.argv[2:5]) if len(sys.argv) == 5 else (300, 150, 14)
    rng = random.Random(42)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(DEMO, out)
    demo = lambda name: json.loads((DEMO / name).read_text())
    movie_list = demo("movies.json")
    movie_list += [movie(i, rng) for i in range(max(0, movies - len(movie_list)))]
    demo_theaters = demo("theaters.json")
    generated = [theater(i) for i in range(max(0, theaters - len(demo_theaters)))]
    (out / "theaters.json").write_text(json.dumps(demo_theaters + generated, indent=2))
    (out / "movies.json").write_text(json.dumps(movie_list, indent=2))
    schedules = demo("schedules.json")
    # With 0 days the generated theaters have no schedule (bench/ingest.sh writes theirs).
    for t_index, t in enumerate(generated if days > 0 else []):
        for slot in range(min(MOVIES_PER_THEATER, movies)):
            m = movie_list[(t_index * 7 + slot * 13) % movies]
            schedules.append({
                "movieId": m["id"],
                "theaterId": t["id"],
                "fromDay": 0,
                "toDay": days - 1,
                "times": TIMES,
                "format": FORMATS[(t_index + slot) % len(FORMATS)],
                "auditorium": str(1 + slot % t["screens"]),
            })
    (out / "schedules.json").write_text(json.dumps(schedules))
    count = len(demo_theaters) + len(generated)
    print(f"{out}: {count} theaters, {len(movie_list)} movies, {len(schedules)} schedules over {days} days")


if __name__ == "__main__":
    main()
