"""Curated hospitals, clinics and site prefixes (MIT, this project).

Why curated: no installed package lists Austrian/German hospitals; the names are facts from
public hospital lists (named in the README), written from knowledge.
"""

from __future__ import annotations

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


#: Generic words that, followed by a capitalised place, name a site ("LKH Vöcklabruck"); the
#: genitive forms too ("in der Ambulanz des Klinikums Zirbldorf"), the groups houses belong to,
#: and the religious orders whose houses are called by their name ("bei den Barmherzigen Brüdern").
SITE_PREFIXES = """
AKH BKH KH LK LKH UK UKH
Bezirkskrankenhaus Fachklinik Herzzentrum Hospital Kantonsspital Kinderklinik Kinderspital
Klinik Kliniken Klinikum Krankenanstalt Krankenhaus Kreisklinik Kreisklinikum Kreiskrankenhaus
Kurklinik Landesklinik Landesklinikum Landeskrankenhaus Ordensklinikum Pflegeheim Privatklinik
Reha Rehaklinik Rehabilitationsklinik Rehabilitationszentrum Rehazentrum Sanatorium Spital
Stadtspital Unfallkrankenhaus Uniklinik Uniklinikum Universitätsklinik Universitätskliniken
Universitätsklinikum Universitätsspital
Reha-Zentrum Reha-Klinik Lehrkrankenhaus Landesspital Bezirksspital Ordensspital
Praxis Arztpraxis Hausarztpraxis Facharztpraxis Gemeinschaftspraxis Gruppenpraxis Kinderarztpraxis
Ordination Gruppenordination Ambulatorium Gesundheitszentrum Therapiezentrum Ärztezentrum
Versorgungszentrum MVZ Primärversorgungszentrum Dialysezentrum Diagnosezentrum Kurzentrum
Pflegezentrum Seniorenheim Altenheim Hospiz Facharztordination Kinderarztordination Wahlarztordination
Zahnarztpraxis Frauenarztpraxis Allgemeinpraxis Landarztpraxis Praxisgemeinschaft Ordinationsgemeinschaft
Primärversorgungseinheit PVE Ärztehaus Tagesklinik Berufsausübungsgemeinschaft
Institut Röntgeninstitut Radiologieinstitut Röntgenpraxis Radiologiezentrum Nierenzentrum Zentrallabor
Laborpraxis Brustzentrum Krebszentrum Tumorzentrum Rheumazentrum Schlaflabor
Klinikums Krankenhauses Spitals Hospitals Sanatoriums Instituts Landesklinikums Landeskrankenhauses
Universitätsklinikums Kreisklinikums Kreiskrankenhauses Bezirkskrankenhauses Unfallkrankenhauses
Pflegeheims Seniorenheims Rehabilitationszentrums Gesundheitszentrums Ärztezentrums
Kurhaus Gesundheitsverbund Klinikverbund Krankenhausverbund Spitalverbund
Spitäler Spitälern Spitalregion Spitalgruppe Spitalzentrum Spitalverband Krankenhäuser Krankenhäusern
Klinikgruppe
Alexianer Barmherzige Barmherzigen Borromäerinnen Diakonissen Elisabethinen Franziskanerinnen
Kreuzschwestern Marienschwestern Vinzentinerinnen
Apotheke PVZ PVN Primärversorgungsnetzwerk Seniorenwohnheim Pflegewohnheim Seniorenresidenz Pflegewohnhaus
Dialyseinstitut Apotheken
Heilstätte Heilanstalt Pflegeanstalt Pflegestätte Pflegestation Sozialstation Gesundheitshaus Therapiehaus
Pflegedienst Hauskrankenpflege
Ospedale Clinica Poliambulatorio Ambulatorio Hôpital Clinique
Rettungswache Rettungsstation Notarztstützpunkt Notarztstandort Rettungsstützpunkt Pflegestützpunkt
Mütterberatung Mütterberatungsstelle Elternberatung Permanence Spitex Krankenpflegeverein
Residenz Altersheim Alterszentrum Altersresidenz
Stift Seniorenstift Altenstift Wohnstift Damenstift Diakoniestift Tageshospiz Kinderhospiz Hospizdienst
Palliativdienst Tagespflege Kurzzeitpflege Psychiatrie Gerontopsychiatrie Kinderpsychiatrie
Jugendpsychiatrie Erwachsenenpsychiatrie Clinic
Beratungsstelle Pflegeberatungsstelle Sozialberatungsstelle Suchtberatungsstelle Familienberatungsstelle
Speziallabor Fachlabor Gerinnungslabor Großlabor Praxislabor Gemeinschaftslabor Institutslabor Blutdepot
Blutbank Notarztbasis Rettungsbasis Hubschrauberbasis Anlaufstelle Fachstelle Kontaktstelle
Koordinationsstelle Clearingstelle
Diakoniestation Hospizverein Hospizhaus
Akutgeriatrie Leitstelle Rettungsleitstelle Rettungsstelle Rettungsdienst Begutachtungsstelle
Gesundheitsamt Gesundheitssprengel Sozialsprengel Pflegesprengel Psychiatrieverbund Pflegeverbund
Gemeindepflege Laborgemeinschaft Apparategemeinschaft Katheterlabor Herzkatheterlabor Prosektur
Diagnostikum Psychosomatikum Therapeutikum Diakonissenhaus Geburtshaus Mutterhaus Memory-Klinik
Volkshilfe Hilfswerk Sanitätshaus Kurmittelhaus Mutterberatung Frühförderstelle Palliativteam Hospizteam
Zahnambulatorium
"""

#: Site words of several words: English and French names of a kind of house ("Memory Clinic
#: Zirbl", "Centre Hospitalier Zirbl").
SITE_PHRASES = """
Memory Clinic
Memory Ambulanz
Day Clinic
Centre Hospitalier
Centre hospitalier
Centre médical
"""
