"""Regenerate the bundled word lists in ``dictionaries/`` from installed packages.

Why a script: the lists are derived data. Rebuilding them from pinned packages (Faker,
gender-guesser, python-stdnum, german-nouns, wordfreq) plus the curated lists written below
keeps every entry traceable to a source and licence, and keeps ``dictionaries/README.md``
(whose count column this script writes) honest.

Run: ``.venv/bin/python scripts/build_dictionaries.py``. The output is deterministic for a
given set of installed package versions: every file is sorted, UTF-8, one entry per line,
without comments or blank lines (provenance lives in the README only).
"""

from __future__ import annotations

import csv
import importlib
import importlib.metadata
import importlib.util
import math
import pkgutil
import re
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

import wordfreq

ROOT = Path(__file__).resolve().parents[1]
DICT_DIR = ROOT / "dictionaries"
REGENERATE = ".venv/bin/python scripts/build_dictionaries.py"

# --------------------------------------------------------------------------------------------
# Parameters (documented in the README; change them here only).
# --------------------------------------------------------------------------------------------

#: Faker person-provider locales: the German-speaking countries plus the largest immigrant
#: groups of Austria/Germany that Faker covers in Latin script.
FAKER_HOME_LOCALES = ("de_AT", "de_DE", "de_CH", "de_LI")
FAKER_IMMIGRANT_LOCALES = (
    "tr_TR",  # Turkey
    "hr_HR",  # Croatia (Bosnian/Croatian/Serbian surnames overlap heavily)
    "sl_SI",  # Slovenia
    "pl_PL",  # Poland
    "cs_CZ",  # Czechia
    "sk_SK",  # Slovakia
    "hu_HU",  # Hungary
    "ro_RO",  # Romania
    "it_IT",  # Italy
    "fr_DZ",  # Algeria: Arabic names in Latin transliteration (ar_AA is Arabic script only)
)

#: nam_dict.txt country columns (0-based character index on a data line) and the minimum
#: frequency kept (the file's scale: 1 = rare ... 13 = extremely common, logarithmic).
#: Home countries keep every attested name; immigrant-group countries need >= 2.
NAM_DICT_HOME_COLUMNS = {"Germany": 42, "Austria": 43, "Swiss": 44}
NAM_DICT_IMMIGRANT_COLUMNS = {
    "Italy": 33,
    "Poland": 53,
    "Czech Republic": 54,
    "Slovakia": 55,
    "Hungary": 56,
    "Romania": 57,
    "Bulgaria": 58,
    "Bosnia and Herzegovina": 59,
    "Croatia": 60,
    "Kosovo": 61,
    "Macedonia": 62,
    "Montenegro": 63,
    "Serbia": 64,
    "Slovenia": 65,
    "Albania": 66,
    "Greece": 67,
    "Russia": 68,
    "Ukraine": 71,
    "Turkey": 76,
    "Arabia/Persia": 77,
}
NAM_DICT_HOME_MIN = 1
NAM_DICT_IMMIGRANT_MIN = 2

#: wordfreq thresholds (Zipf scale: 3.0 = once per million words).
NOUN_MIN_ZIPF = 3.0
OTHER_MIN_ZIPF = 3.5

#: A noun lemma that is also a listed name counts as a common word only if it is the head
#: or modifier of at least this many other noun lemmas (Koch: Chefkoch, Kochbuch, ...;
#: Huber or Müller: almost none), or if it is listed in NAME_LIKE_COMMON_WORDS.
MIN_COMPOUND_FAMILY = 10

#: A wordfreq word that is a name somewhere in the world (any Faker locale, nam_dict) stays a
#: common word only if its German Zipf frequency exceeds its English one by this much.
MIN_GERMAN_LEAD = 1.0

# --------------------------------------------------------------------------------------------
# Curated data (MIT, this project). Facts from general knowledge; sources named in README.
# --------------------------------------------------------------------------------------------

#: Frequent surnames of immigrant groups that Faker covers thinly or not in Latin script.
CURATED_SURNAMES = """
Acar Akbulut Akın Aksoy Aktaş Altun Arslan Aslan Ateş Avcı Aydemir Aydın Bayram Bozkurt Bulut
Can Coşkun Çakır Çelik Çetin Çiftçi Demir Demirci Doğan Duman Durmaz Ekinci Erdem Eren Genç
Güler Güneş Güven Işık Kaplan Kara Karaca Karakaya Karataş Kaya Keskin Kılıç Koç Korkmaz Köse
Kurt Özcan Özdemir Özer Özkan Öztürk Polat Sarı Sönmez Şahin Şen Şimşek Taş Tekin Toprak Tunç
Turan Uçar Uysal Ünal Yalçın Yavuz Yıldırım Yıldız Yılmaz Yüksel
Đorđević Đukić Ilić Ivanović Jovanović Kostić Kovačević Lazić Marjanović Marković Milenković Milić
Milošević Mitrović Nikolić Obradović Pavlović Petrović Popović Radovanović Ristić Savić Simić
Stanković Stevanović Stojanović Todorović Tomić Vasić Živković
Ahmetović Alić Avdić Begić Bešić Delić Hadžić Halilović Hasanović Hodžić Husić Ibrahimović
Karić Kurtović Mehmedović Mešić Mujić Muratović Omerović Salihović Softić Sulejmanović Suljić
Ahmeti Berisha Bytyqi Gashi Hasani Hoxha Krasniqi Kryeziu Morina Musliu Osmani Rexhepi Shala
Shehu Zeqiri
Ardeleanu Ciobanu Constantin Dinu Dobre Dumitru Ene Florea Gheorghe Ilie Ionescu Lazăr Marin
Matei Mihai Mocanu Moldovan Munteanu Nistor Oprea Pop Popa Popescu Radu Rusu Sandu Stan Stoica
Tudor
Abdullah Ahmadi Akbari Al-Ahmad Al-Ali Al-Hassan Al-Hussein Al-Khalil Al-Mohammad Alahmad Alali
Alhassan Alhussein Amiri Azizi Darwish Ebrahimi Habibi Haddad Haidari Hamdan Hamidi Hashemi
Hassan Hosseini Hussein Ibrahim Ismail Jafari Karimi Khalil Khoury Kurdi Mahmoud Mansour
Mohammadi Mustafa Nasser Nazari Noori Omar Osman Othman Qasemi Rahimi Rahman Rezaei Saleh
Sharifi Suleiman Sultani Youssef Yousefi
"""

#: Real hospitals, clinics and rehabilitation centres (names and common short forms).
MEDICAL_SITES = """
Tirol Kliniken
Landeskrankenhaus Innsbruck
LKH Innsbruck
Klinik Innsbruck
Universitätskliniken Innsbruck
Universitätsklinik Innsbruck
Landeskrankenhaus Hall
LKH Hall
Klinik Hall
Landeskrankenhaus Hochzirl-Natters
LKH Hochzirl-Natters
LKH Hochzirl
LKH Natters
Landeskrankenhaus Natters
Landeskrankenhaus Hochzirl
Bezirkskrankenhaus Schwaz
BKH Schwaz
Krankenhaus Schwaz
Bezirkskrankenhaus Kufstein
BKH Kufstein
Krankenhaus Kufstein
Bezirkskrankenhaus Lienz
BKH Lienz
Krankenhaus Lienz
Bezirkskrankenhaus Reutte
BKH Reutte
Krankenhaus Reutte
Bezirkskrankenhaus St. Johann in Tirol
Bezirkskrankenhaus St. Johann
BKH St. Johann
KH St. Johann
Krankenhaus St. Johann
Krankenhaus St. Vinzenz Zams
Krankenhaus Zams
KH Zams
Sanatorium Kettenbrücke
Privatklinik Hochrum
Sanatorium Hochrum
Rehabilitationszentrum Münster
Reha Münster
Rehabilitationszentrum Bad Häring
Reha Bad Häring
Krankenhaus Bozen
Krankenhaus Meran
Krankenhaus Brixen
Krankenhaus Bruneck
Krankenhaus Schlanders
Krankenhaus Sterzing
Krankenhaus Innichen
AKH Wien
Allgemeines Krankenhaus Wien
Allgemeines Krankenhaus der Stadt Wien
Universitätsklinikum AKH Wien
Klinik Ottakring
Wilhelminenspital
Klinik Favoriten
Kaiser-Franz-Josef-Spital
Klinik Floridsdorf
Klinik Donaustadt
Donauspital
SMZ Ost
Klinik Landstraße
Rudolfstiftung
Krankenanstalt Rudolfstiftung
Klinik Hietzing
Krankenhaus Hietzing
Klinik Penzing
Otto-Wagner-Spital
Hanusch-Krankenhaus
Krankenhaus der Barmherzigen Brüder Wien
Krankenhaus Göttlicher Heiland
St. Josef Krankenhaus Wien
Evangelisches Krankenhaus Wien
Orthopädisches Spital Speising
Herz-Jesu-Krankenhaus
Krankenhaus der Barmherzigen Schwestern Wien
Franziskus Spital
St. Anna Kinderspital
Unfallkrankenhaus Meidling
UKH Meidling
Unfallkrankenhaus Lorenz Böhler
UKH Lorenz Böhler
Traumazentrum Wien
Wiener Privatklinik
Rudolfinerhaus
Privatklinik Döbling
Privatklinik Confraternität
Goldenes Kreuz Privatklinik
Universitätsklinikum St. Pölten
Universitätsklinikum Krems
Universitätsklinikum Tulln
Landesklinikum Wiener Neustadt
Landesklinikum Baden
Landesklinikum Mödling
Landesklinikum Amstetten
Landesklinikum Melk
Landesklinikum Zwettl
Landesklinikum Horn
Landesklinikum Mistelbach
Landesklinikum Hollabrunn
Landesklinikum Korneuburg
Landesklinikum Stockerau
Landesklinikum Scheibbs
Landesklinikum Lilienfeld
Landesklinikum Neunkirchen
Landesklinikum Hainburg
Landesklinikum Waidhofen an der Ybbs
Landesklinikum Waidhofen an der Thaya
Landesklinikum Gmünd
Landesklinikum Allentsteig
Landesklinikum Mauer
Landesklinikum Hochegg
Herz-Kreislauf-Zentrum Groß Gerungs
Rehabilitationszentrum Weißer Hof
Rehabilitationszentrum Alland
Rehabilitationszentrum Laab im Walde
Kepler Universitätsklinikum
Kepler Universitätsklinikum Linz
Kepler Uniklinikum
Neuromed Campus
Ordensklinikum Linz
Ordensklinikum Linz Elisabethinen
Ordensklinikum Linz Barmherzige Schwestern
Konventhospital Barmherzige Brüder Linz
Krankenhaus der Barmherzigen Brüder Linz
Klinik Diakonissen Linz
Unfallkrankenhaus Linz
UKH Linz
Klinikum Wels-Grieskirchen
Klinikum Wels
Pyhrn-Eisenwurzen Klinikum Steyr
Pyhrn-Eisenwurzen Klinikum Kirchdorf
Klinikum Steyr
Klinikum Kirchdorf
Salzkammergut Klinikum Vöcklabruck
Salzkammergut Klinikum Gmunden
Salzkammergut Klinikum Bad Ischl
Klinikum Vöcklabruck
Klinikum Freistadt
Klinikum Rohrbach
Klinikum Schärding
Krankenhaus St. Josef Braunau
Krankenhaus der Barmherzigen Schwestern Ried
Rehabilitationszentrum Bad Schallerbach
Uniklinikum Salzburg
Universitätsklinikum Salzburg
Landeskrankenhaus Salzburg
LKH Salzburg
Christian-Doppler-Klinik
Christian-Doppler-Klinik Salzburg
Kardinal Schwarzenberg Klinikum
Krankenhaus der Barmherzigen Brüder Salzburg
Unfallkrankenhaus Salzburg
UKH Salzburg
Tauernklinikum
Tauernklinikum Zell am See
Tauernklinikum Mittersill
Krankenhaus Hallein
Krankenhaus Tamsweg
Krankenhaus Oberndorf
Privatklinik Wehrle-Diakonissen
Rehabilitationszentrum Großgmain
Rehabilitationszentrum Saalfelden
LKH-Univ. Klinikum Graz
LKH-Universitätsklinikum Graz
Universitätsklinikum Graz
LKH Graz
LKH Graz II
LKH Hochsteiermark
LKH Leoben
LKH Bruck an der Mur
LKH Mürzzuschlag
LKH Weststeiermark
LKH Voitsberg
LKH Deutschlandsberg
LKH Südoststeiermark
LKH Feldbach
LKH Wagna
LKH Bad Radkersburg
LKH Murtal
LKH Judenburg
LKH Knittelfeld
LKH Stolzalpe
LKH Rottenmann-Bad Aussee
LKH Rottenmann
LKH Bad Aussee
LKH Hartberg
LKH Weiz
Krankenhaus der Elisabethinen Graz
Krankenhaus der Barmherzigen Brüder Graz
Unfallkrankenhaus Graz
UKH Graz
Privatklinik Leech
Privatklinik Kastanienhof
Marienkrankenhaus Vorau
Klinik Diakonissen Schladming
Rehabilitationszentrum Tobelbad
Rehabilitationszentrum Aflenz
Rehabilitationszentrum St. Radegund
Klinikum Klagenfurt
Klinikum Klagenfurt am Wörthersee
LKH Klagenfurt
LKH Villach
LKH Wolfsberg
LKH Laas
Gailtal-Klinik Hermagor
Gailtal-Klinik
Krankenhaus der Elisabethinen Klagenfurt
Deutsch-Ordens-Krankenhaus Friesach
Krankenhaus der Barmherzigen Brüder St. Veit an der Glan
Krankenhaus Spittal an der Drau
Unfallkrankenhaus Klagenfurt
UKH Klagenfurt
Privatklinik Maria Hilf
Krankenhaus Waiern
LKH Feldkirch
LKH Bregenz
LKH Bludenz
LKH Hohenems
LKH Rankweil
Landeskrankenhaus Feldkirch
Landeskrankenhaus Bregenz
Landeskrankenhaus Bludenz
Landeskrankenhaus Hohenems
Landeskrankenhaus Rankweil
Krankenhaus Dornbirn
Stadtspital Dornbirn
Krankenhaus Maria Ebene
Klinik Oberwart
Klinik Güssing
Klinik Kittsee
Klinik Oberpullendorf
Krankenhaus der Barmherzigen Brüder Eisenstadt
Rehabilitationszentrum Bad Tatzmannsdorf
Rehabilitationszentrum Felbring
Charité
Charité Berlin
Charité – Universitätsmedizin Berlin
Deutsches Herzzentrum Berlin
Deutsches Herzzentrum der Charité
Vivantes Klinikum Neukölln
Vivantes Klinikum Am Urban
Vivantes Klinikum im Friedrichshain
Helios Klinikum Berlin-Buch
Unfallkrankenhaus Berlin
Universitätsklinikum Heidelberg
LMU Klinikum
LMU Klinikum München
Klinikum der Universität München
Klinikum Großhadern
Klinikum rechts der Isar
TUM Klinikum
TUM Universitätsklinikum
Deutsches Herzzentrum München
München Klinik Bogenhausen
München Klinik Schwabing
München Klinik Harlaching
München Klinik Neuperlach
Klinikum Bogenhausen
Klinikum Schwabing
Universitätsklinikum Hamburg-Eppendorf
UKE Hamburg
Asklepios Klinik St. Georg
Asklepios Klinik Altona
Asklepios Klinik Barmbek
Universitätsklinikum Freiburg
Universitätsklinikum Tübingen
Universitätsklinikum Ulm
Universitätsklinikum Würzburg
Universitätsklinikum Erlangen
Universitätsklinikum Regensburg
Universitätsklinikum Augsburg
Universitätsklinikum Frankfurt
Universitätsklinikum Gießen und Marburg
Universitätsklinikum Gießen
Universitätsklinikum Marburg
Universitätsklinikum Köln
Uniklinik Köln
Universitätsklinikum Bonn
Universitätsklinikum Düsseldorf
Universitätsklinikum Essen
Universitätsklinikum Münster
Uniklinik RWTH Aachen
Universitätsklinikum Aachen
Universitätsklinikum Carl Gustav Carus Dresden
Universitätsklinikum Dresden
Universitätsklinikum Leipzig
Universitätsklinikum Jena
Universitätsklinikum Halle
Universitätsklinikum Magdeburg
Universitätsmedizin Göttingen
Medizinische Hochschule Hannover
Universitätsklinikum Schleswig-Holstein
UKSH Kiel
UKSH Lübeck
Universitätsmedizin Greifswald
Universitätsmedizin Rostock
Universitätsmedizin Mainz
Universitätsmedizin Mannheim
Universitätsklinikum Mannheim
Universitätsklinikum des Saarlandes
Universitätsklinikum Homburg
Universitätsklinikum Bochum
Universitätsklinikum OWL
Klinikum Oldenburg
Klinikum Nürnberg
Städtisches Klinikum Karlsruhe
Klinikum Stuttgart
Robert-Bosch-Krankenhaus
Herzzentrum Leipzig
Herz- und Diabeteszentrum NRW
BG Unfallklinik Murnau
BG Klinik Ludwigshafen
Klinikum Garmisch-Partenkirchen
RoMed Klinikum Rosenheim
Klinikum Rosenheim
Klinikum Traunstein
Klinikum Kempten
Klinikum Memmingen
Krankenhaus Agatharied
Universitätsspital Zürich
Universitätsspital Basel
Inselspital Bern
Inselspital
Kantonsspital St. Gallen
Kantonsspital Graubünden
Landesspital Liechtenstein
"""

#: Generic words that, followed by a capitalised place, name a site ("LKH Vöcklabruck").
SITE_PREFIXES = """
AKH BKH KH LK LKH UK UKH
Bezirkskrankenhaus Fachklinik Herzzentrum Hospital Kantonsspital Kinderklinik Kinderspital
Klinik Kliniken Klinikum Krankenanstalt Krankenhaus Kreisklinik Kreisklinikum Kreiskrankenhaus
Kurklinik Landesklinik Landesklinikum Landeskrankenhaus Ordensklinikum Pflegeheim Privatklinik
Reha Rehaklinik Rehabilitationsklinik Rehabilitationszentrum Rehazentrum Sanatorium Spital
Stadtspital Unfallkrankenhaus Uniklinik Uniklinikum Universitätsklinik Universitätskliniken
Universitätsklinikum Universitätsspital
"""

#: Diseases, signs, tests and scores named after people (bare eponym, original case).
EPONYMS = """
Adams-Stokes Addison Adson Alport Alzheimer Apgar Argyll-Robertson Arnold-Chiari Asperger
Austin-Flint Babinski Barlow Barrett Barthel Bartter Basedow Bechterew Bell Bence-Jones Billroth
Binet Bishop Bland-Altman Bobath Boerhaave Borg Bouchard Bowen Braden Breslow Broca
Brown-Séquard Brudzinski Brugada Budd-Chiari Buerger Burkitt Calot Caplan Charcot Charlson
Cheyne-Stokes Chiari Child-Pugh Chvostek Colles Conn Coombs Couinaud Courvoisier
Creutzfeldt-Jakob Crigler-Najjar Crohn Cullen Cushing Dandy-Walker DeBakey Dieulafoy
Dix-Hallpike Douglas Down Dressler Dubin-Johnson Duchenne Duke Dukes Dupuytren Durie-Salmon
Ebstein Ehlers-Danlos Eisenmenger Epley Erb Ewing Fabry Fallot Fanconi Felty Finkelstein Fogarty
Foley Fontaine Forrest Frank-Starling Friedreich Gaucher Gilbert Glasgow Gleason Glisson
Goodpasture Gram Graves Grey-Turner Guillain-Barré Hamman-Rich Hashimoto Heberden Heimlich
Henoch-Schönlein Hirschsprung Hodgkin Hoehn-Yahr Hoffa Holter Homans Horner Horton Hunt-Hess
Huntington Jaccoud Janeway Kahler Kaplan-Meier Kaposi Karnofsky Kartagener Kawasaki Kerley
Kernig Killip Klatskin Klinefelter Kocher Korotkoff Korsakow Krukenberg Kussmaul Lachman
Laennec Lambert-Eaton Lasègue Leriche Lesch-Nyhan Libman-Sacks Lisfranc Löfgren Lown Lugol
Mallory-Weiss Mantoux Marfan McBurney McMurray Meckel Meigs Meniere Menière Meulengracht
Mirizzi Monteggia Murphy Nikolsky Nissen Norton Oddi Osgood-Schlatter Osler Paget Pancoast
Papanicolaou Parkinson Perthes Peutz-Jeghers Peyronie Pfannenstiel Pick Pickwick Plummer-Vinson
Doppler Pott Prinzmetal Quincke Ramsay Ramsay-Hunt Rankin Ranson Raynaud Rendu Rendu-Osler Riva-Rocci
Romberg Roux Rovsing Savary-Miller Schober Schönlein Seldinger Sengstaken-Blakemore Sheehan
Shouldice Sjögren Still Stokes Sudeck Swan-Ganz Takayasu Takotsubo Tinel Tinetti Tourette
Treitz Trendelenburg Trousseau Turner Unterberger Valsalva Virchow Waldenström Wallenberg
Waterhouse-Friderichsen Wegener Wells Wernicke Whipple Willebrand Wilms Wilson
Wolff-Parkinson-White Zenker Ziehl-Neelsen Zollinger-Ellison
"""

#: Job titles, masculine form (PHI when they describe a patient or relative: GraSCCo's
#: PROFESSION). The feminine and the inflected forms (Lehrer, Lehrers, Lehrern, Lehrerin,
#: Lehrerinnen) are generated by profession_forms. The matcher masks them only in a profession
#: context ("von Beruf", "arbeitet als", "pensionierte ..."): Arzt or Pfleger alone are
#: everyday clinical words. Curated for this project from general knowledge.
PROFESSIONS = """
Abteilungsleiter Agrartechniker Akustiker Altenpflegehelfer Altenpfleger Analytiker Animateur
Anlagenführer Anlagentechniker Anstreicher Apotheker Arbeiter Archäologe Architekt Archivar
Arzthelfer Assistent Astronom Augenoptiker Autor Automechaniker Babysitter Bademeister Bäcker
Bäckermeister Baggerfahrer Bankkaufmann Banker Bauarbeiter Bauhilfsarbeiter Bauingenieur
Baumeister Bautechniker Bauzeichner Berater Bergarbeiter Bergbauer Bergführer Bergmann
Berufskraftfahrer Berufsschullehrer Berufssoldat Bestatter Betriebsleiter Betriebswirt
Bibliothekar Bilanzbuchhalter Bildhauer Biobauer Biologe Blumenbinder Bodenleger Bootsbauer
Botaniker Brauer Braumeister Briefträger Buchbinder Buchhalter Buchhändler Bürgermeister
Bürokaufmann Busfahrer Chauffeur Chemielaborant Chemiker Chemotechniker Chirurg Controller
Dachdecker Designer Destillateur Detektiv Diakon Diätologe Direktor Dirigent Disponent
Doktorand Dolmetscher Dozent Drechsler Dreher Drogist Drucker EDV-Techniker Einkäufer
Einzelhandelskaufmann Einzelhändler Elektriker Elektroinstallateur Elektromechaniker
Elektromonteur Elektroniker Elektrotechniker Elementarpädagoge Entwickler Ergotherapeut
Erzieher Fabrikarbeiter Facharbeiter Fachlehrer Fahrer Fahrlehrer Fernfahrer
Fernmeldetechniker Feuerwehrmann Filialleiter Finanzberater Fischer Fitnesstrainer Fleischer
Fleischhauer Fliesenleger Flugbegleiter Fluglotse Förster Forstarbeiter Forstwirt Fotograf
Fräser Friedhofsgärtner Friseur Frisör Fußballer Fußballspieler Fußpfleger Galerist Gärtner
Gastronom Gastwirt Gebäudereiniger Geigenbauer Gemeindearbeiter Gemüsebauer Gendarm Geograf
Geologe Geometer Geschäftsführer Geschäftsinhaber Gießer Glasbläser Glaser Goldschmied
Grafikdesigner Grafiker Großhändler Gymnasiallehrer Hafenarbeiter Handelsvertreter Händler
Handwerker Hauptschullehrer Hausbesorger Haushälter Hausmeister Hausverwalter Heilmasseur
Heilpraktiker Heimhelfer Heizungsinstallateur Heizungstechniker Helfer Hilfsarbeiter Hirte
Historiker Hochbautechniker Hochschullehrer Holzarbeiter Holzfäller Hörgeräteakustiker
Hotelier Hufschmied Hüttenwirt Imker Immobilienmakler Industriearbeiter Industriekaufmann
Informatiker Ingenieur Inhaber Installateur Instrumentenbauer IT-Techniker Jäger Journalist
Jurist Juwelier Kameramann Kapitän Kaplan Karosseriebauer Kassier Kassierer Kaufmann Kellner
Keramiker Kfz-Mechaniker Kfz-Techniker Kindergärtner Kindergartenhelfer Kindergartenpädagoge
Kirchenmusiker Klavierlehrer Klempner Knecht Komponist Konditor Konstrukteur Kontrolleur
Korbflechter Kosmetiker Kraftfahrer Kranfahrer Krankenpfleger Künstler Kunsthändler Kürschner
Kurier Lackierer Lagerarbeiter Lagerist Landarbeiter Landmaschinentechniker
Landschaftsgärtner Landwirt Lebensmitteltechniker Lehrer Lektor Liftwart LKW-Fahrer
Lkw-Fahrer Logistiker Logopäde Lokführer Maler Malermeister Manager Marketingmanager
Maschinenbauer Maschinenbauingenieur Maschinenführer Maschinenschlosser Maschinist Masseur
Mathematiker Matrose Maurer Mechaniker Mechatroniker Medizintechniker Meister Melker Mesner
Metallarbeiter Metallbauer Metalltechniker Meteorologe Metzger Milchbauer Mitarbeiter
Möbeltischler Model Moderator Monteur Museumsführer Musiker Musiklehrer Nachhilfelehrer
Nachtwächter Näher Notar Obstbauer Offizier Optiker Ordinationsassistent Organist
Orthopädietechniker Pädagoge Paketzusteller Parkettleger Pastoralassistent Pfarrer
Pfarrhelfer Pflegeassistent Pflegefachassistent Pflegehelfer Pharmareferent Pharmazeut
Physiker Physiotherapeut Pilot Platzwart Polier Politiker Polizist Polsterer Portier Postbote
Postler Praktikant Priester Produktionsarbeiter Produktionsleiter Produktionsmitarbeiter
Professor Programmierer Projektleiter Projektmanager Psychologe Psychotherapeut
Radiologietechnologe Raumausstatter Raumpfleger Rauchfangkehrer Redakteur Regisseur
Reinigungsfachmann Reiseleiter Religionslehrer Religionspädagoge Reporter Restaurator
Rettungssanitäter Rezeptionist Richter Sachbearbeiter Sänger Sanitäter Sanitärinstallateur
Sattler Schaffner Schauspieler Schichtarbeiter Schichtleiter Schilehrer Schlosser Schmied
Schneider Schornsteinfeger Schreiner Schriftsetzer Schriftsteller Schuhmacher Schuldirektor
Schüler Schulleiter Schulwart Schuster Schweißer Seelsorger Seemann Sekretär Senner
Servicetechniker Skilehrer Skirennläufer Softwareentwickler Soldat Sommelier
Sonderschullehrer Sozialarbeiter Sozialpädagoge Spediteur Speditionskaufmann Spengler
Sportlehrer Sportler Sprecher Stahlbauer Staplerfahrer Statiker Statistiker Steinmetz
Steuerberater Steward Straßenarbeiter Straßenbahnfahrer Straßenkehrer Student Tankwart Tänzer
Tapezierer Taxifahrer Techniker Telefonist Textilarbeiter Theologe Tierpfleger Tischler
Tischlermeister Töpfer Totengräber Trainer Triebfahrzeugführer Türsteher Übersetzer Uhrmacher
Unternehmensberater Unternehmer Unteroffizier Verkäufer Verlagskaufmann Verleger Vermesser
Vermessungstechniker Vermögensberater Versicherungskaufmann Versicherungsmakler
Versicherungsvertreter Vertreter Vertriebsmitarbeiter Verwalter Verwaltungsassistent
Veterinär Volksschullehrer Vorarbeiter Wachmann Waldarbeiter Weinbauer Werkmeister
Werkzeugmacher Werkzeugmechaniker Winzer Wirt Wirtschaftsprüfer Wirtschaftstreuhänder
Wissenschaftler Zahnarzthelfer Zahntechniker Zeichner Zerspanungstechniker Zimmerer
Zimmermann Zivildiener Zöllner Zugbegleiter Zusteller
"""

#: Job titles with an irregular feminine or plural, one per line: "masculine feminine plural"
#: ("-" where a form does not exist; the plural is the masculine's, or the feminine's on lines
#: without a masculine).
PROFESSIONS_IRREGULAR = """
Anwalt Anwältin Anwälte
Arzt Ärztin Ärzte
Assistenzarzt Assistenzärztin Assistenzärzte
Augenarzt Augenärztin Augenärzte
Bauer Bäuerin Bauern
Facharzt Fachärztin Fachärzte
Friseur Friseuse Friseure
Hausarzt Hausärztin Hausärzte
Hausmann Hausfrau Hausmänner
Knecht Magd Knechte
Koch Köchin Köche
Lehrling - Lehrlinge
Mönch Nonne Mönche
Notarzt Notärztin Notärzte
Oberarzt Oberärztin Oberärzte
Ordensbruder Ordensschwester Ordensbrüder
Primar Primaria Primare
Rechtsanwalt Rechtsanwältin Rechtsanwälte
Staatsanwalt Staatsanwältin Staatsanwälte
Steward Stewardess Stewards
Tierarzt Tierärztin Tierärzte
Turnusarzt Turnusärztin Turnusärzte
Zahnarzt Zahnärztin Zahnärzte
- Bürokraft Bürokräfte
- Haushaltshilfe Haushaltshilfen
- Hebamme Hebammen
- Hilfskraft Hilfskräfte
- Krankenschwester Krankenschwestern
- Küchenhilfe Küchenhilfen
- Ordinationshilfe Ordinationshilfen
- Putzfrau Putzfrauen
- Reinigungskraft Reinigungskräfte
- Servicekraft Servicekräfte
- Stubenmädchen -
- Tagesmutter Tagesmütter
- Verkaufskraft Verkaufskräfte
- Zimmermädchen -
"""

#: Nouns inflected like adjectives (der Angestellte, ein Angestellter): the stem gets -e, -er,
#: -en, -em; "+in" marks stems with a feminine "-in" form as well (Beamtin).
PROFESSIONS_ADJECTIVAL = """
Abgeordnet Angestellt Auszubildend Bankangestellt Bankbeamt+in Beamt+in Bedienstet
Büroangestellt Gemeindebedienstet Gewerbetreibend Handelsreisend Justizwachebeamt+in
Landesbedienstet Polizeibeamt+in Postbeamt+in Vertragsbedienstet Verwaltungsangestellt
Zollbeamt+in
"""

#: Abbreviated job titles, used as written (no inflection).
PROFESSION_ABBREVIATIONS = "DGKP DGKS DGKK MTA PTA"

#: Organisation head words, compound endings and legal forms (``organization_words.txt``,
#: one ``word<TAB>kind`` per line). ``head``: a word that, followed by a capitalised name or a
#: place, names a school, employer or public body ("Volksschule Pradl", "Firma Zirbleitner");
#: never masked alone. ``suffix``: the same for compounds ending in it ("Landesberufsschule
#: Zirl", "Raiffeisenbank Zams"). ``legal``: a company's legal form; the capitalised words before
#: it are the company's name ("Zirbleitner Holzbau GmbH"). Curated for this project.
ORGANIZATION_HEADS = """
AHS AMS Akademie Amt Anwaltskanzlei Apotheke Arbeitsamt Arbeitsmarktservice Autohaus BAKIP
BAfEP BG BH BHAK BHAS BHS BORG BRG Bank Baufirma Bauunternehmen Berufsschule Betrieb
Bezirksgericht Bezirkshauptmannschaft Bildungsdirektion Brauerei Bundesgymnasium
Bundesrealgymnasium Bäckerei Café Cafe Club Diözese FC FH Fa Fa. Fabrik Fachhochschule
Fachschule Feuerwehr Filiale Finanzamt Firma Gasthaus Gasthof Gebietskrankenkasse Gemeinde
Gemeindeamt Genossenschaft GKK Gymnasium HAK HBLA HLA HLT HLW HTBLA HTBLuVA HTL
Handelsakademie Handelsschule Hauptschule Hochschule Hort Hotel Hotelfachschule Internat
Jugendamt Kanzlei Kaserne Kindergarten Kinderkrippe Kita Klub Kloster Kolleg Kommunalbetriebe
Konditorei Konservatorium Konzern LBS Landesberufsschule Landesgericht Landesmusikschule
Landesregierung Magistrat Marktgemeinde Metzgerei Mittelschule Molkerei Montanuniversität
Musikschule Musikverein NMS Oberstufenrealgymnasium Pfarramt Pfarre Polizei Polizeiinspektion
Polytechnikum Privatgymnasium Privatschule PTS Raiffeisenbank Raiffeisenkasse Realgymnasium
Restaurant Schule Sonderschule Sozialamt Sparkasse Spedition Sportverein Stadtamt Stadtgemeinde
Stadtmagistrat Stadtwerke Standesamt Stift Stiftung Supermarkt Tischlerei Tourismusschule
Turnverein Uni Universität Unternehmen Verein Verkehrsbetriebe Verlag Versicherung
Volksbank Volksschule Werk Werkstatt Wirtschaftsuniversität
"""

#: Multi-word head words (one per line).
ORGANIZATION_HEAD_PHRASES = """
Medizinische Universität
Neue Mittelschule
Pädagogische Hochschule
Polytechnische Schule
Technische Universität
"""

#: Compound endings that make a capitalised compound a head word (lower case).
ORGANIZATION_SUFFIXES = """
akademie bank erei fabrik firma genossenschaft gericht gemeinde gymnasium hochschule kanzlei
kasse kaserne kindergarten konzern schule stiftung universität unternehmen verein
versicherung werke
"""

#: Legal forms of companies and associations (one per line; some contain spaces).
LEGAL_FORMS = """
AG
Co. KG
e. U.
e. V.
e.G.
e.Gen.
e.U.
e.V.
eG
GbR
GesbR
Ges.m.b.H.
Ges.m.b.H
Ges.mbH
GesmbH
GmbH
GmbH & Co KG
GmbH & Co. KG
GmbH & Co.KG
Inc.
KEG
KG
Ltd.
mbH
OEG
OG
OHG
S.p.A.
S.r.l.
SE
UG
"""

#: Medications (INN and common Austrian/German brand names), drug classes and more clinical
#: nouns. Capitalized in notes and unknown to name lists, they would otherwise look like
#: surnames after "Dr. X" or "Pat.". General vocabulary, curated for this project.
MEDICATIONS = """
acc acetylsalicylsäure aceclofenac aciclovir actrapid adalat adenosin adrenalin aerius alendronat
allopurinol alprazolam amantadin amiodaron amitriptylin amlodipin amoxicillin amoxiclav ampicillin
anastrozol antazida antiarrhythmika antibiotika antidepressiva antidiabetika antiemetika antihistaminika
antihypertensiva antikoagulanzien antikonvulsiva apixaban aprovel aricept aripiprazol arixtra aspirin
atacand atenolol atorvastatin atropin augmentin azathioprin azithromycin baclofen beloc betablocker
betahistin bicalutamid bisoprolol bromazepam budesonid bumetanid buprenorphin buscopan candesartan
captopril carbamazepin carvedilol cefazolin cefuroxim ceftriaxon cetirizin ciprofloxacin citalopram
clarithromycin clexane clindamycin clonazepam clonidin clopidogrel colchicin concor cordarex
cortison cotrim cymbalta dabigatran dafalgan dancor dapagliflozin daflon decortin deflamat dexamethason
diazepam diclofenac digimerck digitoxin digoxin diltiazem diovan dipyridamol diuretika diuretikum
dobutamin dominal donepezil doxazosin doxycyclin duloxetin edoxaban efient eliquis empagliflozin
enalapril enoxaparin entresto eplerenon eprosartan erythromycin escitalopram esomeprazol eutirox
euthyrox ezetimib famotidin felodipin fenistil fentanyl finasterid flecainid fluconazol fluoxetin
fluticason forxiga fosinopril fragmin furosemid gabapentin glibenclamid gliclazid glimepirid
haldol haloperidol heparin hydrochlorothiazid hydrocortison hydromorphon ibuprofen indapamid
insulin irbesartan isosorbid ivabradin jardiance janumet januvia kalinor kaliumchlorid ketoprofen
lamotrigin lansoprazol lantus lasix lercanidipin levemir levetiracetam levofloxacin levothyroxin
lisinopril lixiana lorazepam losartan lyrica macrogol magnesium marcoumar marcumar meloxicam
metamizol metformin methotrexat methylprednisolon metoclopramid metohexal metoprolol metronidazol
mirtazapin molsidomin morphin movicol moxonidin nebivolol nexium nifedipin nitrendipin nitroglycerin
nitrolingual nitrofurantoin noax novalgin novaminsulfon novorapid olanzapin olmesartan omeprazol
ondansetron oxazepam oxycodon oxycontin pantoloc pantoprazol paracetamol paroxetin penicillin
perindopril phenprocoumon piritramid plavix pradaxa pramipexol prasugrel pravastatin prednisolon
prednison pregabalin propafenon propofol propranolol quetiapin ramipril ranolazin ranexa rasilez
risperidon rivaroxaban rosuvastatin salbutamol sacubitril seroquel sertralin sildenafil simvastatin
sintrom sitagliptin sotalol spiriva spironolacton statin statine sucralfat sultanol symbicort
tamsulosin tapentadol targin telmisartan temesta terbutalin thiamazol ticagrelor tilidin tiotropium
torasemid torem tramadol tramal trazodon tresiba trittico valproat valsartan venlafaxin verapamil
vitamin voltaren warfarin xarelto zolpidem zopiclon
bradykardie dekompensation diurese dyspnoe exsikkose hyperkaliämie hypokaliämie hypotonie hypertonie
kardiomyopathie nykturie orthopnoe palpitationen synkope tachykardie vorhofflimmern herzinsuffizienz
belastungsdyspnoe ruhedyspnoe unterschenkelödeme beinödeme knöchelödeme pleuraerguss stauung
sauerstoffsättigung sättigung herzfrequenz blutdruckwerte gewichtszunahme gewichtsabnahme trinkmenge
harnmenge ausscheidungsmenge flüssigkeitsbilanz flüssigkeitszufuhr einfuhr ausfuhr schwindel
"""

#: German function words (prepositions, conjunctions, pronouns, articles, particles, common
#: adverbs). Capitalized at the start of a sentence; some are also listed given names (Seit).
FUNCTION_WORDS = """
ab aber allein alle allem allen aller alles als also am an andere anderen anders anfangs auch auf
aus außer außerdem bald bei beide beiden beim bereits besonders bevor bin bis bisher bislang bist
bitte bzw da dabei dadurch dafür dagegen daher damals damit danach daneben dann daran darauf daraus
darin darüber darum darunter das dass dazu dein deine dem demnach den denen denn dennoch der deren
derzeit des deshalb dessen dich die dies diese diesem diesen dieser dieses dir doch dort du durch
eben ebenfalls ebenso eher ein eine einem einen einer eines einige einmal einzig er erst erstmals
es etwa etwas euch euer falls fast ferner fort früher für gar gegen gemäß genau gerade gern gestern
ggf gleich gut hat hatte heute hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im immer
in indem infolge inkl innerhalb ins insgesamt inzwischen irgendwie ist ja je jede jedem jeden jeder
jedes jedoch jemand jetzt kaum kein keine keinem keinen keiner laut leider man manchmal mehr mehrmals
mein meine meist meistens mich mir mit mittags morgen morgens nach nachdem nachher nachmittags nachts
neben nein nicht nichts nie noch nun nur ob oben oder ohne oft per pro schon sehr sei seid sein seine
seinem seinen seiner seit seitdem seither selbst sich sie sind so sodass sofort sogar solange somit
sondern sonst sowie sowohl später statt stets trotz trotzdem um und uns unser unsere unten unter
viel viele vielleicht vom von vor vorab vorher vormittags während wann war waren warum was weder
weil weiter weiterhin welche welcher wenig wenn wer werden wie wieder wir wird wo wobei wohl wurde
wurden zu zuerst zufolge zuletzt zum zumal zur zurzeit zusammen zuvor zwar zwischen
"""

#: Lower-case German words from clinical notes (terms, weekdays, occupations, relatives).
CLINICAL_WORDS = """
abdomen abendmedikation abklärung ablehnung abstrich abszess adipositas allergie ambulanz
anamnese anämie anästhesie angehörige angehöriger angina angst anordnung anruf anrufe ansprechpartner
antibiose antibiotikum antikoagulation aorta appetit arterie arzt arztbrief ärztin ärztliche
arztgespräch aspiration atemnot atmung aufenthalt aufklärung aufnahme aufnahmebefund augen
ausfluss auskultation ausscheidung aussehen bad bauch bauchschmerzen becken befinden befund
befunde begleitung behandlung bein beine beratung beschwerden besuch besuche besucher besuchszeit
bett bettruhe bewegung bewusstsein bewusstseinslage bilanz bildgebung biopsie blase blässe
blut blutabnahme blutbild blutdruck blutung blutzucker brief bronchitis brust brustschmerz
bypass chemotherapie chirurgie computertomographie darm dauerkatheter dekubitus delir demenz
depression diabetes diagnose diagnostik dialyse diarrhoe diät dienst dienstarzt dosierung
dosis drainage druck durchfall dysphagie dyspnoe echo echokardiographie einnahme einweisung
ekg embolie empfehlung entlassung entlassungsbrief entzündung erbrechen ergebnis ergotherapie
ernährung erythem essen exsikkose fallbesprechung familie fieber flüssigkeit fraktur frühstück
gangbild gastroskopie geburt gedächtnis gefäß gehstock gelenk gespräch gesundheit gewicht
gipsverband glukose hämoglobin harn harnwegsinfekt haut hausarzt hausärztin heim heimhilfe
herz herzinfarkt herzinsuffizienz herzkatheter hilfe hüfte husten hypertonie hypotonie
infekt infektion infusion injektion insulin intensivstation internist intubation ischämie
kalium kardiologie katheter klinik knie knöchel kolitis koloskopie kompression konsil
kontrolle kopf kopfschmerz kopfschmerzen körper kost kostform krampf krankenhaus krankheit
kreatinin kreislauf labor laborwerte lagerung leber leukozyten lunge lungenembolie magen
mammographie medikament medikamente medikation mittagessen mobilisation mobilität morgenmedikation
mrt müdigkeit mund mundpflege nachtdienst nacht nachtruhe nahrung narkose nebenwirkung
nephrologie neurologie niere nierenfunktion notaufnahme notfall notarzt nüchtern oberarzt
oberärztin ödem ödeme onkologie operation orientierung orthopädie oxygenierung pankreas
patient patientin patienten patientinnen pflege pflegedienst pflegeheim pflegekraft pflegeperson
pflegepersonal physiotherapie pneumonie port primar primaria prognose prophylaxe psyche
psychiatrie puls punktion radiologie reanimation rehabilitation reha reflux rezept rollator
rollstuhl röntgen rücken rückenschmerzen rücksprache ruhe sauerstoff schlaf schlaganfall
schluckakt schmerz schmerzen schmerzmittel schulter schwäche schwindel schwester sedierung
sepsis sonographie sonde spaziergang spital sprache sputum station stationär status stent
stoffwechsel stuhl stuhlgang sturz sturzgefahr symptom symptome tablette tabletten tagesklinik
temperatur termin termine therapeut therapeutin therapie thorax thrombose thrombozyten
transfusion transport turnus turnusarzt übelkeit überwachung ultraschall umgebung unfall
unruhe untersuchung urin verband verbandswechsel verdacht verlauf verlegung verletzung
versorgung verstopfung verwirrtheit visite vitalparameter vitalzeichen vorgeschichte
wunde wundversorgung zimmer zucker zustand zyanose
akut allergisch ambulant beidseits bettlägerig chronisch dyspnoisch fieberfrei gebessert
kardial links mobil orientiert postoperativ präoperativ rechts schmerzfrei stabil subfebril
unauffällig verwirrt wach
montag dienstag mittwoch donnerstag freitag samstag sonntag wochenende feiertag vormittag
nachmittag abend morgen mittag
arbeiter arbeiterin bäcker lehrer lehrerin maler metzger pensionist pensionistin pfleger
pflegerin wirt
kollege kollegin kollegen kolleginnen chef chefin sohn tochter ehefrau ehemann gattin gatte
mutter vater bruder schwester oma opa enkel enkelin nichte neffe tante onkel nachbar nachbarin
lebensgefährte lebensgefährtin sachwalter sachwalterin erwachsenenvertreter rumpf
"""

#: English words common in (bilingual) notes.
ENGLISH_WORDS = """
about after again all and any assessment back bad before better bilateral blood call care
case check chest chronic consult daily day discharge done dose down emergency evening exam
family fever fine first follow for from good heart help history home if impression in info
is issue labs last left meeting mild moderate morning new next night no none normal not note
now of off ok okay on out pain pending phone plan please pressure rate referral report
result results review right routine scan see severe since stable status summary team test
the therapy to today tomorrow treatment up update urgent visit ward week weight with yes
yesterday
"""

#: Lower-case function words, adverbs, adjectives and verbs that also occur as names in
#: some list; listed so that the name filter never removes them from common_words.
NAME_LIKE_COMMON_WORDS = """
aber alle als alt alte alter am an anno anti auch auf aus bald bei beim bis bitte braun bürger
da dank danke das dass dem den denn der des die doch dort du ein eine einem einen einer eines er
ergo es frei fröhlich froh gern gerne gestern gleich groß gross gut hat heute hier hoch ich ihr
im in ist ja je jetzt jung kann klein kurz lang lange leider lies mag mal man mehr mit morgen
nach neu nicht noch nun nur ob oder ohne rasch reich ruhig schön schwarz sehr sie sind so stark
stolz tue um und uns viel voll vom von vor wann war was weiß weiss wenig wer wie wieder will
wild wir wo zu zum zur
koch bauer wolf herz rumpf
"""

#: Words the rules above would keep that are, in notes, almost always given names.
NEVER_COMMON_WORDS = "ken mari marie nikolaus"

#: Cities and regions (besides postcodes_at places) that the wordfreq part must not absorb.
FAKER_ADDRESS_LOCALES = ("de_AT", "de_DE", "de_CH")

# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------

_ASCII_FOLD = str.maketrans(
    {"ı": "i", "İ": "I", "ł": "l", "Ł": "L", "đ": "dj", "Đ": "Dj", "ø": "o", "Ø": "O"}
)
_GERMAN_KEEP = set("äöüÄÖÜß")


def words(block: str) -> list[str]:
    """Whitespace-separated entries of a curated block (for one-word entries)."""
    return block.split()


def lines(block: str) -> list[str]:
    """Non-empty lines of a curated block (for entries that contain spaces)."""
    return [line.strip() for line in block.splitlines() if line.strip()]


def is_latin_letter(char: str) -> bool:
    """Latin-script letters only: other scripts cannot match notes written in German."""
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN")


def is_valid_name(name: str) -> bool:
    """Letters (Latin script), hyphen, apostrophe; capitalised; not all caps; length >= 2."""
    if len(name) < 2 or not name[0].isupper() or name.isupper():
        return False
    if name[-1] in "-'" or "--" in name:
        return False
    return all(is_latin_letter(c) or c in "-'" for c in name)


def ascii_variant(name: str) -> str:
    """The spelling German texts often use for foreign names: diacritics dropped except
    German umlauts and ß (Kovačević -> Kovacevic, Ayşe -> Ayse, Đukić -> Djukic)."""
    out = []
    for char in name.translate(_ASCII_FOLD):
        if char in _GERMAN_KEEP:
            out.append(char)
            continue
        base = unicodedata.normalize("NFD", char)
        out.append("".join(c for c in base if not unicodedata.combining(c)))
    return unicodedata.normalize("NFC", "".join(out))


def with_variants(names: Iterable[str]) -> set[str]:
    """Valid names plus their diacritic-free variants (both spellings occur in notes)."""
    result: set[str] = set()
    for raw in names:
        name = unicodedata.normalize("NFC", raw.strip())
        if is_valid_name(name):
            result.add(name)
            variant = ascii_variant(name)
            if is_valid_name(variant):
                result.add(variant)
    return result


def site_package_file(module: str, relative: str) -> Path:
    """Path of a data file shipped inside an installed package (namespace packages too:
    german-nouns has no ``__init__.py``)."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"package {module} is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / relative


def write_lines(name: str, entries: Iterable[str]) -> int:
    """Write a sorted, de-duplicated UTF-8 list with LF endings; returns the entry count."""
    unique = sorted(set(entries))
    if any(not entry or entry.startswith("#") or "\n" in entry for entry in unique):
        raise ValueError(f"{name}: blank, comment-like or multi-line entry")
    text = "".join(entry + "\n" for entry in unique)
    (DICT_DIR / name).write_text(text, encoding="utf-8", newline="\n")
    return len(unique)


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------

Genders = dict[str, set[str]]


def faker_provider(locale: str) -> type:
    """Faker's person Provider class for a locale (class attributes hold the name lists)."""
    return importlib.import_module(f"faker.providers.person.{locale}").Provider


def faker_names(provider: type, attribute: str) -> list[str]:
    """A provider's own name list; the base provider's placeholders (John, Jane, Doe) that
    locales without such a list inherit are not names of that locale."""
    value = getattr(provider, attribute, ())
    base = importlib.import_module("faker.providers.person").Provider
    if value is getattr(base, attribute, None) or not isinstance(value, tuple | list | dict):
        return []
    return [name for name in value if isinstance(name, str)]


def faker_first_names(locales: Iterable[str]) -> Genders:
    """First names with the genders Faker files them under (m/f)."""
    genders: Genders = defaultdict(set)
    for locale in locales:
        provider = faker_provider(locale)
        for attribute, gender in (("first_names_male", "m"), ("first_names_female", "f")):
            for name in faker_names(provider, attribute):
                genders[name].add(gender)
    return genders


def polish_female_forms(names: Iterable[str]) -> set[str]:
    """Polish -ski/-cki/-dzki surnames have feminine -ska/-cka/-dzka forms in use."""
    return {name[:-1] + "a" for name in names if name.endswith(("ski", "cki", "dzki"))}


def faker_surnames(locales: Iterable[str]) -> set[str]:
    """Surnames from every surname list a Faker person provider has."""
    attributes = (
        "last_names",
        "last_names_male",
        "last_names_female",
        "last_names_unisex",
        "unisex_last_names",
        "male_last_names",
        "female_last_names",
    )
    result: set[str] = set()
    for locale in locales:
        provider = faker_provider(locale)
        for attribute in attributes:
            result.update(faker_names(provider, attribute))
    result.update(polish_female_forms(result))
    return result


NAM_DICT_GENDERS = {"M": "m", "1M": "m", "?M": "m", "F": "f", "1F": "f", "?F": "f", "?": "u"}


def nam_dict_lines() -> Iterator[str]:
    """Data lines of gender-guesser's nam_dict.txt (Jörg Michael's list)."""
    path = site_package_file("gender_guesser", "data/nam_dict.txt")
    with path.open(encoding="utf-8") as handle:
        for raw in handle:
            line = raw.rstrip("\r\n")
            if line and not line.startswith("#"):
                yield line


def nam_dict_frequency(line: str, column: int) -> int:
    """One country's frequency (hex digit 1..D; blank = 0)."""
    char = line[column] if column < len(line) else " "
    return int(char, 16) if char.strip() else 0


def nam_dict_selected(line: str) -> bool:
    """Is the name frequent enough in a home or immigrant-group country?"""
    if any(nam_dict_frequency(line, c) >= NAM_DICT_HOME_MIN for c in NAM_DICT_HOME_COLUMNS.values()):
        return True
    return any(
        nam_dict_frequency(line, c) >= NAM_DICT_IMMIGRANT_MIN for c in NAM_DICT_IMMIGRANT_COLUMNS.values()
    )


def decode_nam_dict_name(field: str) -> list[str]:
    """Spellings a nam_dict name stands for. '+' joins Arabic/Chinese/Korean compounds and
    means '-', ' ' or nothing: we keep "Abdel-Aziz" and "Abdelaziz". Entries still holding
    legacy escape codes ('<', '>') are not decodable here and are skipped."""
    if "<" in field or ">" in field or " " in field:
        return []
    if "+" not in field:
        return [field]
    parts = field.split("+")
    return ["-".join(parts), parts[0] + "".join(p.lower() for p in parts[1:])]


def nam_dict_first_names() -> Genders:
    """Selected nam_dict first names with their genders (m/f/u)."""
    genders: Genders = defaultdict(set)
    for line in nam_dict_lines():
        kind = line[:2].strip()
        if kind not in NAM_DICT_GENDERS or line[29:30] == "+":  # '+' rows duplicate '-' rows
            continue
        if not nam_dict_selected(line):
            continue
        for name in decode_nam_dict_name(line[3:29].strip()):
            genders[name].add(NAM_DICT_GENDERS[kind])
    return genders


def merge_genders(*sources: Genders) -> dict[str, str]:
    """Valid first names (plus diacritic-free variants) -> m, f or u (conflicting/unisex)."""
    merged: Genders = defaultdict(set)
    for source in sources:
        for raw, genders in source.items():
            for name in with_variants([raw]):
                merged[name].update(genders)
    return {name: next(iter(g)) if len(g) == 1 else "u" for name, g in merged.items()}


def build_names() -> tuple[dict[str, str], set[str]]:
    """First names (with gender) and surnames from Faker, nam_dict and the curated list."""
    locales = FAKER_HOME_LOCALES + FAKER_IMMIGRANT_LOCALES
    first = merge_genders(faker_first_names(locales), nam_dict_first_names())
    surnames = with_variants(faker_surnames(locales) | set(words(CURATED_SURNAMES)))
    return first, surnames


# --------------------------------------------------------------------------------------------
# Places
# --------------------------------------------------------------------------------------------

_PLZ_LINE = re.compile(r'^(\d{4})\s+location="([^"]+)"')


def postcodes_at() -> list[tuple[str, str]]:
    """(code, place) pairs from python-stdnum's Austrian postcode table."""
    path = site_package_file("stdnum", "at/postleitzahl.dat")
    pairs = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _PLZ_LINE.match(line)
        if match:
            pairs.add((match.group(1), match.group(2).strip()))
    return sorted(pairs)


def faker_place_names() -> set[str]:
    """City and state names from Faker's de_AT/de_DE/de_CH address providers."""
    result: set[str] = set()
    for locale in FAKER_ADDRESS_LOCALES:
        provider = importlib.import_module(f"faker.providers.address.{locale}").Provider
        result.update(getattr(provider, "cities", ()))
        result.update(getattr(provider, "states", ()))
    return result


# --------------------------------------------------------------------------------------------
# Common words
# --------------------------------------------------------------------------------------------

_NAME_POS = {"Vorname", "Nachname", "Toponym", "Eigenname", "Straßenname"}
_FUGEN = ("", "s", "es", "n", "en", "er", "e")
_LOWER_WORD = re.compile(r"^[a-zäöüßéèáàâêîôûçñ]{2,}$")


def german_noun_lemmas() -> tuple[set[str], set[str]]:
    """(common-noun lemmas, name/place lemmas), lower-cased, from german-nouns' CSV.

    A lemma is a common noun if at least one of its rows carries no name part of speech;
    rows tagged Vorname/Nachname/Toponym/Eigenname feed the name filter instead."""
    nouns, names, _ = german_noun_table()
    return nouns, names


def german_noun_table() -> tuple[set[str], set[str], dict[str, set[str]]]:
    """As german_noun_lemmas, plus every inflected form of each common noun (Kind -> Kinder,
    Kindern, Kindes): notes use plurals and cases, not just lemmas."""
    path = site_package_file("german_nouns", "nouns.csv")
    nouns: set[str] = set()
    names: set[str] = set()
    forms: dict[str, set[str]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            lemma = row["lemma"].strip()
            if not lemma[:1].isupper() or " " in lemma:
                continue
            if set(row["pos"].split(",")) & _NAME_POS:
                names.add(lemma.lower())
                continue
            nouns.add(lemma.lower())
            bucket = forms.setdefault(lemma.lower(), set())
            for column, value in row.items():
                if column and ("singular" in column or "plural" in column) and value:
                    form = value.strip().lower()
                    if _LOWER_WORD.match(form):
                        bucket.add(form)
    return nouns, names, forms


def _is_lemma_with_fuge(part: str, nouns: set[str], *, at_end: bool) -> bool:
    """Is ``part`` a noun lemma (>= 3 letters) plus an optional linking element?"""
    for fuge in _FUGEN:
        stem = part[: len(part) - len(fuge)] if at_end else part[len(fuge) :]
        matches = part.endswith(fuge) if at_end else part.startswith(fuge)
        if matches and len(stem) >= 3 and stem in nouns:
            return True
    return False


def compound_family_sizes(candidates: set[str], nouns: set[str]) -> dict[str, int]:
    """How many noun lemmas contain each candidate as a compound part (Kochbuch, Chefkoch).

    Why: a real everyday noun forms compounds; a surname that Wiktionary also files as an
    archaic noun (Huber) or a name with an obscure noun sense (Anna) does not."""
    sizes = dict.fromkeys(candidates, 0)
    for lemma in nouns:
        for cut in range(3, len(lemma) - 2):
            head, tail = lemma[:cut], lemma[cut:]
            if tail in sizes and _is_lemma_with_fuge(head, nouns, at_end=True):
                sizes[tail] += 1
            if head in sizes and _is_lemma_with_fuge(tail, nouns, at_end=False):
                sizes[head] += 1
    return sizes


def frequent_words(min_zipf: float) -> Iterator[str]:
    """German wordfreq words (lower-case, letters only) at or above a Zipf frequency.

    Zipf is computed from the raw frequency table (log10 of frequency per billion words) so
    the cut does not depend on wordfreq's run-time tokenizer."""
    for word, frequency in wordfreq.get_frequency_dict("de", "best").items():
        if frequency > 0 and math.log10(frequency) + 9 >= min_zipf and _LOWER_WORD.match(word):
            yield word


def world_names() -> set[str]:
    """Lower-cased names from every Faker person locale (Latin script) and all of nam_dict.

    Why: wordfreq's German list is web text full of foreign names (Smith, Obama, Johnson)
    that our German-centred name lists lack; a common word is trusted as "not a name" by the
    context rules, so such names must not slip in."""
    result: set[str] = set()
    package = importlib.import_module("faker.providers.person")
    for module in pkgutil.iter_modules(package.__path__):
        provider = faker_provider(module.name)
        for attribute in dir(provider):
            if "name" in attribute and not attribute.startswith(("_", "prefix", "suffix", "language")):
                result.update(n.lower() for n in faker_names(provider, attribute) if is_valid_name(n))
    for line in nam_dict_lines():
        if line[:2].strip() in NAM_DICT_GENDERS:
            result.update(n.lower() for n in decode_nam_dict_name(line[3:29].strip()))
    return result


def mainly_german(word: str) -> bool:
    """Is the word at least ten times more frequent in German than in English text?
    (dann, frei, meine: yes; smith, johnson, bill: no)."""
    return wordfreq.zipf_frequency(word, "de") >= wordfreq.zipf_frequency(word, "en") + MIN_GERMAN_LEAD


def build_common_words(
    first_names: Iterable[str], surnames: Iterable[str], places: Iterable[str]
) -> set[str]:
    """Words a bare dictionary hit must not mask (see the README for the recipe)."""
    nouns, name_lemmas, forms = german_noun_table()
    names = {n.lower() for n in first_names} | {n.lower() for n in surnames}
    place_words = {p.lower() for p in places}
    explicit = (
        set(words(NAME_LIKE_COMMON_WORDS))
        | set(words(CLINICAL_WORDS))
        | set(words(MEDICATIONS))
        | set(words(FUNCTION_WORDS))
        | set(words(ENGLISH_WORDS))
    )

    frequent = set(frequent_words(NOUN_MIN_ZIPF))
    # Nouns that are also listed names stay only when frequent and productive in compounds
    # (Koch, Bauer); every other Wiktionary noun stays, with all its inflected forms,
    # however rare: "Glaukom" or "Orthopnoe" are no names.
    family = compound_family_sizes((nouns & frequent) & names, nouns)
    noun_part: set[str] = set()
    for lemma in nouns:
        if lemma in names or lemma in name_lemmas or lemma in place_words:
            if lemma in frequent and family.get(lemma, 0) >= MIN_COMPOUND_FAMILY:
                noun_part.add(lemma)
                noun_part.update(f for f in forms.get(lemma, ()) if f in frequent)
            continue
        noun_part.add(lemma)
        noun_part.update(f for f in forms.get(lemma, ()) if f not in names and f not in place_words)

    blocked = names | name_lemmas | place_words
    foreign = world_names()
    other_part = {
        w
        for w in frequent_words(OTHER_MIN_ZIPF)
        if len(w) >= 3 and w not in nouns and w not in blocked and not (w in foreign and not mainly_german(w))
    }
    return (noun_part | other_part | explicit) - set(words(NEVER_COMMON_WORDS))


def frequent_subset(common: set[str]) -> set[str]:
    """The common words frequent enough that their misspellings turn up in notes
    ("Gewiccht"): the typo detector compares unknown words against these only."""
    frequent = set(frequent_words(NOUN_MIN_ZIPF))
    explicit = set(words(CLINICAL_WORDS)) | set(words(MEDICATIONS)) | set(words(FUNCTION_WORDS))
    return {w for w in common if w in frequent or w in explicit}


# --------------------------------------------------------------------------------------------
# Professions and organisation words
# --------------------------------------------------------------------------------------------

#: Endings of weak masculine nouns (der Polizist, des/die Polizisten).
_WEAK_ENDINGS = ("ist", "ant", "ent", "and", "at", "ot", "graf", "graph", "nom", "naut", "eut", "ekt", "urg")


def feminine_plural(feminine: str) -> str | None:
    """Plural of a feminine job title (Lehrerin -> Lehrerinnen, Hausfrau -> Hausfrauen)."""
    if feminine.endswith("in"):
        return feminine + "nen"
    if feminine.endswith("kraft"):
        return feminine[:-5] + "kräfte"
    if feminine.endswith(("e", "er")):
        return feminine + "n"
    if feminine.endswith(("frau", "ess")):
        return feminine + "en"
    return None


def masculine_forms(masculine: str) -> set[str]:
    """Singular cases and plural of a masculine job title, by its ending: Lehrer(s/n),
    Biologe(n), Polizist(en), Landwirt(s/e/en), Kaufmann/Kaufleute."""
    forms = {masculine}
    if masculine.endswith("mann"):
        stem = masculine[:-4]
        forms |= {masculine + "s", stem + "männer", stem + "männern", stem + "leute", stem + "leuten"}
    elif masculine.endswith("e"):
        forms.add(masculine + "n")
    elif masculine.endswith(_WEAK_ENDINGS):
        forms.add(masculine + "en")
    elif masculine.endswith(("er", "el")) and not masculine.endswith("ier"):
        forms |= {masculine + "s", masculine + "n"}
    elif masculine.endswith("or"):
        forms |= {masculine + "s", masculine + "en"}
    else:
        genitive = masculine + ("es" if masculine.endswith(("s", "ß", "x", "z")) else "s")
        forms |= {genitive, masculine + "e", masculine + "en"}
    return forms


def default_feminine(masculine: str) -> str:
    """Lehrer -> Lehrerin, Biologe -> Biologin, Kaufmann -> Kauffrau."""
    if masculine.endswith("mann"):
        return masculine[:-4] + "frau"
    if masculine.endswith("e"):
        return masculine[:-1] + "in"
    return masculine + "in"


def profession_forms(masculine: str | None, feminine: str | None, plural: str | None = None) -> set[str]:
    """Every form a job title takes in running text (both genders, cases, plural)."""
    forms: set[str] = set()
    if masculine and plural is None:
        forms |= masculine_forms(masculine)
    elif masculine and plural:
        strong_genitive = masculine.endswith(("s", "ß", "x", "z", "t", "ch"))
        dative_plural = plural if plural.endswith(("n", "s")) else plural + "n"
        forms |= {masculine, masculine + ("es" if strong_genitive else "s"), plural, dative_plural}
    if feminine:
        forms.add(feminine)
        feminine_plural_form = plural if masculine is None and plural else feminine_plural(feminine)
        if feminine_plural_form:
            forms.add(feminine_plural_form)
            if masculine is None and not feminine_plural_form.endswith(("n", "s")):
                forms.add(feminine_plural_form + "n")
    return forms


def build_professions() -> set[str]:
    """professions.txt: curated job titles with all generated forms."""
    result: set[str] = set()
    for masculine in words(PROFESSIONS):
        result |= profession_forms(masculine, default_feminine(masculine))
    for line in lines(PROFESSIONS_IRREGULAR):
        masculine, feminine, plural = (None if part == "-" else part for part in line.split())
        result |= profession_forms(masculine, feminine, plural)
    for entry in words(PROFESSIONS_ADJECTIVAL):
        stem, _, feminine = entry.partition("+")
        result |= {stem + ending for ending in ("e", "er", "en", "em")}
        if feminine:
            result |= {stem + "in", stem + "innen"}
    result |= set(words(PROFESSION_ABBREVIATIONS))
    return {unicodedata.normalize("NFC", form) for form in result}


def build_organization_words() -> list[str]:
    """organization_words.txt: ``word<TAB>kind`` with kind head, suffix or legal."""
    entries = [f"{word}\thead" for word in words(ORGANIZATION_HEADS)]
    entries += [f"{phrase}\thead" for phrase in lines(ORGANIZATION_HEAD_PHRASES)]
    entries += [f"{suffix}\tsuffix" for suffix in words(ORGANIZATION_SUFFIXES)]
    entries += [f"{form}\tlegal" for form in lines(LEGAL_FORMS)]
    return [unicodedata.normalize("NFC", entry) for entry in entries]


# --------------------------------------------------------------------------------------------
# README
# --------------------------------------------------------------------------------------------

FILE_INFO: dict[str, tuple[str, str]] = {
    "first_names.txt": (
        "Faker person providers (de_AT, de_DE, de_CH, de_LI, tr_TR, hr_HR, sl_SI, pl_PL, cs_CZ, "
        "sk_SK, hu_HU, ro_RO, it_IT, fr_DZ) + gender-guesser `nam_dict.txt` (Jörg Michael)",
        "GNU FDL 1.2 or later (nam_dict part; Faker part MIT)",
    ),
    "first_names_gender.tsv": (
        "same sources as first_names.txt; gender m/f/u (u = unisex or sources disagree)",
        "GNU FDL 1.2 or later (nam_dict part; Faker part MIT)",
    ),
    "surnames.txt": (
        "Faker person providers (same locales) + curated frequent surnames of immigrant groups "
        "(Turkish, Serbian, Bosnian, Albanian, Romanian, Arabic/Afghan/Iranian)",
        "MIT (Faker; curated part MIT, this project)",
    ),
    "postcodes_at.tsv": (
        "python-stdnum `stdnum/at/postleitzahl.dat` (generated there from RTR open data, data.rtr.at)",
        "LGPL-2.1-or-later (python-stdnum)",
    ),
    "postcodes_de.tsv": (
        "empty: no installed package ships German postcodes; `deid scrape-dicts --source postcodes "
        "--country DE --out DIR` downloads them from GeoNames into a dictionary directory",
        "GeoNames data would be CC BY 4.0",
    ),
    "medical_sites.txt": (
        "curated for this project from public hospital lists (Tirol Kliniken, Land Tirol, KAGes, "
        "KABEG, NÖ LGA, OÖG, SALK, Wiener Gesundheitsverbund, AUVA, PVA, Wikipedia lists of "
        "hospitals in Austria and of German university hospitals); facts, accessed as knowledge",
        "MIT (this project)",
    ),
    "site_prefixes.txt": (
        "curated for this project (generic German words for hospitals)",
        "MIT (this project)",
    ),
    "common_words.txt": (
        "german-nouns (Wiktionary) nouns with all inflected forms (names only when frequent "
        "and productive in compounds) + wordfreq non-nouns + curated clinical/medication/"
        "English/function words",
        "CC BY-SA 4.0 (share-alike: german-nouns and wordfreq data)",
    ),
    "frequent_words.txt": (
        "the part of common_words.txt with wordfreq Zipf >= 3.0, plus the curated clinical, "
        "medication and function words; used to recognise misspelt words",
        "CC BY-SA 4.0 (share-alike: wordfreq data)",
    ),
    "eponyms.txt": (
        "curated for this project (eponymous diseases, signs, tests, scores)",
        "MIT (this project)",
    ),
    "professions.txt": (
        "curated for this project (German/Austrian job titles, both genders, with generated "
        "inflected forms); masked only in a profession context",
        "MIT (this project)",
    ),
    "organization_words.txt": (
        "curated for this project (`word<TAB>kind`: organisation head words, compound endings "
        "and company legal forms)",
        "MIT (this project)",
    ),
    "salutations.txt": ("curated for this project (hand-written, not generated)", "MIT (this project)"),
    "titles.txt": ("curated for this project (hand-written, not generated)", "MIT (this project)"),
    "abbreviations.txt": ("curated for this project (hand-written, not generated)", "MIT (this project)"),
}
HAND_WRITTEN = ("salutations.txt", "titles.txt", "abbreviations.txt")


def count_entries(path: Path) -> int:
    """Non-empty lines of a dictionary file."""
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def package_versions() -> str:
    """Versions of the source packages, so a rebuild can be compared like for like."""
    names = ("faker", "gender-guesser", "python-stdnum", "german-nouns", "wordfreq")
    return ", ".join(f"{n} {importlib.metadata.version(n)}" for n in names)


def readme_table() -> str:
    """One row per file in dictionaries/ (plus the declared hand-written files)."""
    present = {p.name for p in DICT_DIR.iterdir() if p.is_file() and p.name != "README.md"}
    rows = ["| file | source | licence | entries | regenerate |", "| --- | --- | --- | --- | --- |"]
    for name in sorted(present | set(FILE_INFO)):
        source, licence = FILE_INFO.get(name, ("unknown: add it to FILE_INFO in the build script", "unknown"))
        path = DICT_DIR / name
        count = str(count_entries(path)) if path.is_file() else "not present yet"
        command = "hand-edited (counted by the script)" if name in HAND_WRITTEN else f"`{REGENERATE}`"
        rows.append(f"| `{name}` | {source} | {licence} | {count} | {command} |")
    return "\n".join(rows)


README_TEMPLATE = """# Bundled dictionaries

Generated by `scripts/build_dictionaries.py`, this README included (the counts are written by
the script). After changing the script, upgrading a source package or editing a hand-written
list, run:

    {regenerate}

Every list is UTF-8, sorted (code-point order), one entry per line, without comments or blank
lines. Output is deterministic for given package versions. This build used:
{versions}.

{table}

## Licences (read before redistributing)

The files do not share one licence:

- `common_words.txt` is derived from share-alike data (german-nouns: Wiktionary, CC BY-SA 4.0;
  wordfreq's word lists: CC BY-SA 4.0) and is itself **CC BY-SA 4.0**.
- `first_names.txt` and `first_names_gender.tsv` contain names from Jörg Michael's
  `nam_dict.txt` (shipped by gender-guesser) and are therefore under the **GNU Free
  Documentation License 1.2 or later**; modified versions must be released under the GFDL too.
- `postcodes_at.tsv` comes from python-stdnum (**LGPL-2.1-or-later**), which generated its
  table from RTR open data (data.rtr.at).
- Faker-derived names (`surnames.txt`, and part of the first names) are **MIT**. Curated lists
  (written in the build script or by hand) are **MIT** like the project.

## How the lists are made

- **Names.** Faker person providers for the German-speaking countries and, in Latin script,
  for Turkey, Croatia, Slovenia, Poland, Czechia, Slovakia, Hungary, Romania, Italy and
  Algeria (Arabic names; `ar_AA` is Arabic script only and is not used). nam_dict first names
  (the file's frequency scale runs 1-13, logarithmic) are kept when their frequency is
  >= {home_min} in Germany, Austria or Switzerland, or >= {immigrant_min} in one of:
  {countries}. nam_dict's `+` (Arabic compounds) yields both `Abdel-Aziz` and `Abdelaziz`;
  entries with legacy escape codes or spaces are skipped; rows marked `+` in column 30
  duplicate `-` rows and are skipped. Only Latin letters, hyphen and apostrophe; capitalised;
  not all caps; length >= 2. Every name is also listed without non-German diacritics
  (Kovačević -> Kovacevic, Ayşe -> Ayse, Đukić -> Djukic), the spelling German records often
  use. Polish -ski/-cki surnames get their -ska/-cka forms. A curated list adds frequent
  Turkish, Serbian, Bosnian, Albanian, Romanian and Arabic/Afghan/Iranian surnames that Faker
  lacks. Gender: m or f when every selected source agrees, otherwise u.
- **Postcodes.** Austria: one `code<TAB>place` line per pair in python-stdnum's table.
  Germany: no installed package ships German postcodes (pgeocode downloads at run time, which
  this project does not allow), so `postcodes_de.tsv` is deliberately empty until
  `deid scrape-dicts --source postcodes --country DE` (GeoNames, CC BY 4.0) downloads them
  into a dictionary directory.
- **Medical sites.** Real names and their usual short forms only (no generated prefix x place
  combinations); the matcher combines a word from `site_prefixes.txt` with a following
  capitalised place at run time. Sources: Tirol Kliniken and Land Tirol hospital lists, the
  regional hospital operators (KAGes, KABEG, NÖ LGA, OÖG, SALK, Wiener Gesundheitsverbund),
  AUVA/PVA rehabilitation centres, Südtiroler Sanitätsbetrieb, Wikipedia lists of hospitals
  in Austria and of German university hospitals: facts, written from knowledge.
- **Common words** (lower-case; a bare dictionary hit on one is not masked):
  1. german-nouns common-noun lemmas (rows tagged Vorname, Nachname, Toponym, Eigenname,
     Straßenname do not count) with wordfreq Zipf frequency >= {noun_zipf}. A lemma that is
     also in the name lists is kept only if it forms >= {family} compounds with other lemmas:
     Koch, Bauer, Wolf, Fischer, Schneider, Richter stay; Huber, Müller, Meier, Weber, Anna go.
  2. Other wordfreq words (>= 3 letters) with Zipf >= {other_zipf} that are not noun lemmas,
     minus every name in the name lists, german-nouns name/place lemmas, Austrian postcode
     places and Faker's German/Austrian/Swiss cities and states; a word that is a name in any
     Faker locale or in nam_dict stays only if its German Zipf frequency exceeds its English
     one by >= {german_lead} (keeps dann, frei, meine; drops smith, johnson, bill).
  3. Curated clinical vocabulary, English note words and function words/adjectives that
     double as names (written in the script), minus a short list of words that are in notes
     almost always given names ({never}).
  Known gap: German-only surnames absent from every name source (e.g. Heinze) can still pass
  step 2; add them to the name lists or to the never-common list in the script.
- **Eponyms.** Curated: people's names used for diseases, signs, tests and scores. Very
  frequent surnames that are also eponyms (Weber, Becker, Hartmann) are left out on purpose.
- **Professions.** Curated masculine job titles; the script adds the feminine (-in, -frau,
  irregular ones listed), genitive and plural forms (Lehrer, Lehrers, Lehrern, Lehrerin,
  Lehrerinnen; Polizist, Polizisten; Kaufmann, Kaufleute) and adjectival nouns (Angestellte,
  Angestellter, Beamtin). A patient's profession is PHI, but Arzt, Pfleger or Lehrer alone are
  everyday words: `deid_cli/org_patterns.py` masks them only in a profession context.
- **Organisation words.** Curated, `word<TAB>kind`: `head` (Universität, HTL, Firma, Fa.,
  Gemeinde, Bank, ...: masked only together with the capitalised name or place after it),
  `suffix` (compound endings: Landesberufsschule, Raiffeisenbank) and `legal` (GmbH, AG, KG,
  e.U., GmbH & Co KG, ...: the capitalised words before it are the company's name).
"""


def write_readme() -> int:
    """Regenerate README.md from the template; returns its table row count."""
    text = README_TEMPLATE.format(
        regenerate=REGENERATE,
        versions=package_versions(),
        table=readme_table(),
        home_min=NAM_DICT_HOME_MIN,
        immigrant_min=NAM_DICT_IMMIGRANT_MIN,
        countries=", ".join(NAM_DICT_IMMIGRANT_COLUMNS),
        noun_zipf=NOUN_MIN_ZIPF,
        other_zipf=OTHER_MIN_ZIPF,
        family=MIN_COMPOUND_FAMILY,
        german_lead=MIN_GERMAN_LEAD,
        never=", ".join(words(NEVER_COMMON_WORDS)),
    )
    (DICT_DIR / "README.md").write_text(text, encoding="utf-8", newline="\n")
    return text.count("\n| `")


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def build() -> dict[str, int]:
    """Write every generated file; returns {file name: entry count}."""
    DICT_DIR.mkdir(exist_ok=True)
    first, surnames = build_names()
    postcodes = postcodes_at()
    places = {place for _, place in postcodes} | faker_place_names()
    common = build_common_words(first, surnames, places)
    counts = {
        "first_names.txt": write_lines("first_names.txt", first),
        "first_names_gender.tsv": write_lines(
            "first_names_gender.tsv", (f"{n}\t{g}" for n, g in first.items())
        ),
        "surnames.txt": write_lines("surnames.txt", surnames),
        "postcodes_at.tsv": write_lines("postcodes_at.tsv", (f"{c}\t{p}" for c, p in postcodes)),
        "postcodes_de.tsv": write_lines("postcodes_de.tsv", ()),
        "medical_sites.txt": write_lines("medical_sites.txt", lines(MEDICAL_SITES)),
        "site_prefixes.txt": write_lines("site_prefixes.txt", words(SITE_PREFIXES)),
        "eponyms.txt": write_lines("eponyms.txt", words(EPONYMS)),
        "professions.txt": write_lines("professions.txt", build_professions()),
        "organization_words.txt": write_lines("organization_words.txt", build_organization_words()),
        "common_words.txt": write_lines("common_words.txt", common),
        "frequent_words.txt": write_lines("frequent_words.txt", frequent_subset(common)),
    }
    counts["README.md (table rows)"] = write_readme()
    return counts


def main() -> int:
    for name, count in build().items():
        print(f"{name:<28} {count:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
