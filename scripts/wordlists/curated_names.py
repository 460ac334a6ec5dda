"""Curated people's names (MIT, this project): surnames Faker lacks, and eponyms.

Why curated: Faker covers the immigrant groups of Austria/Germany thinly or not in Latin
script, and no installed package lists medical eponyms. Facts from general knowledge; sources
are named in the README.
"""

from __future__ import annotations

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


#: Diseases, signs, tests, scores and therapy methods named after people (bare eponym, original case).
EPONYMS = """
Adams-Stokes Addison Adson Alport Alzheimer Apgar Argyll-Robertson Arnold-Chiari Asperger
Austin-Flint Babinski Barlow Barrett Barthel Bartter Basedow Bechterew Bell Bence-Jones Billroth
Binet Bishop Bland-Altman Bobath Boerhaave Borg Bouchard Bowen Braden Breslow Broca
Bassini Billroth Brown-Séquard Brudzinski Brugada Budd-Chiari Buerger Burkitt Calot Caplan Charcot Charlson
Cheyne-Stokes Chiari Child-Pugh Chvostek Colles Conn Coombs Couinaud Courvoisier
Creutzfeldt-Jakob Crigler-Najjar Crohn Cullen Cushing Dandy-Walker DeBakey Dieulafoy
Dix-Hallpike Douglas Down Dressler Dubin-Johnson Duchenne Duke Dukes Dupuytren Durie-Salmon
Ebstein Ehlers-Danlos Eisenmenger Epley Erb Ewing Fabry Fallot Fanconi Felty Finkelstein Fogarty
Foley Fontaine Forrest Frank-Starling Friedreich Gaucher Gilbert Glasgow Gleason Glisson
Goodpasture Gram Graves Grey-Turner Guillain-Barré Hamman-Rich Hashimoto Heberden Heimlich
Henoch-Schönlein Hirschsprung Hodgkin Hoehn-Yahr Hoffa Holter Homans Horner Horton Hunt-Hess
Huntington Jaccoud Janeway Kahler Kaplan-Meier Kaposi Karnofsky Kartagener Kawasaki Kerley
Kernig Killip Klatskin Klinefelter Kocher Korotkoff Korsakow Krukenberg Kussmaul Lachman
Laennec Lambert-Eaton Lasègue Leriche Lesch-Nyhan Libman-Sacks Lichtenstein Lisfranc Löfgren Lown Lugol
Mallory-Weiss Mantoux Marfan McBurney McMurray Meckel Meigs Meniere Menière Meulengracht
Mirizzi Monteggia Murphy Nikolsky Nissen Norton Oddi Osgood-Schlatter Osler Paget Pancoast
Papanicolaou Parkinson Perthes Peutz-Jeghers Peyronie Pfannenstiel Pick Pickwick Plummer-Vinson
Doppler Pott Prinzmetal Quincke Ramsay Ramsay-Hunt Rankin Ranson Raynaud Rendu Rendu-Osler Riva-Rocci
Romberg Roux Rovsing Savary-Miller Schober Schönlein Seldinger Sengstaken-Blakemore Sheehan
Shouldice Sjögren Still Stokes Sudeck Swan-Ganz Takayasu Takotsubo Tinel Tinetti Tourette
Treitz Trendelenburg Trousseau Turner Unterberger Valsalva Virchow Waldenström Wallenberg
Waterhouse-Friderichsen Wegener Wells Wernicke Whipple Willebrand Wilms Wilson
Wolff-Parkinson-White Zenker Ziehl-Neelsen Zollinger-Ellison
Affolter Brügger Brunkow Castillo-Morales Cyriax Feldenkrais Kabat Kaltenborn Klein-Vogelbach
Maitland McKenzie Mulligan Padovan Perfetti Schroth Sohier Tomatis Vojta Freud
"""
