# scratch: updates to couchdb/seed/us-sanctuaries.json gathered this session
C = '2026-11-26'
def src(url, *fields): return {'url': url, 'fields': list(fields), 'checked': C}
UPDATES = {
  'Indraloka Animal Sanctuary': dict(
    set={'id': 'indraloka-animal-sanctuary-mehoopany-pa', 'town': 'Dalton', 'animalTypes': ['cows','pigs','sheep','goats','chickens','horses','mules','turkeys','ducks','cats','dogs'], 'foundedYear': 2005, 'website': 'https://indraloka.org'},
    sources=[src('https://discovernepa.com/community/beyond-the-mission-statement-indraloka-animal-sanctuary/','town','animalTypes','foundedYear'),
             src('https://www.phillyburbs.com/story/news/state/2017/12/27/bucks-county-native-s-sanctuary/16732723007/','animalTypes'),
             src('https://indraloka.org/mission/','website')]),
  'VINE Sanctuary': dict(
    set={'animalTypes': ['cows','sheep','goats','pigs','chickens','ducks','turkeys','cats','dogs'], 'foundedYear': 2000},
    sources=[src('https://blog.bravebirds.org/archives/3177','animalTypes'), src('https://blog.bravebirds.org/archives/80','foundedYear')]),
  "Pasado's Safe Haven": dict(
    set={'animalTypes': ['pigs','horses','donkeys','cows','goats','chickens','turkeys','dogs','cats'], 'foundedYear': 1998, 'hasAdoptions': True, 'hasVolunteerOpportunities': True, 'website': 'https://pasadosafehaven.org'},
    sources=[src('https://nwarc-alfachatter.com/2014/08/11/pasados-safe-haven/','animalTypes'),
             src('http://www.nwnews.com/index.php?option=com_content&view=article&id=7739:sepac-to-present-program-on-learning-appropriate-social-behavior-march-27-&catid=37:events&Itemid=83','foundedYear','hasAdoptions','hasVolunteerOpportunities'),
             src('http://pasadosafehaven.org/rescue-stories/387_birds/','website')]),
  'Safe Haven Farm Sanctuary': dict(
    set={'animalTypes': ['pigs','ducks','chickens','horses']},
    sources=[src('https://vdocuments.net/2015-safe-haven-farm-sanctuary.html','animalTypes')]),
}
NEW = []
# Wantage is a township: neither GeoNames nor the ZIP database places it, and no source gives its ZIP.
NEW_DROPPED_NO_PLACE = [
  dict(name='Skylands Animal Sanctuary and Rescue', town='Wantage', state='NJ', website='https://skylandssanctuary.org',
       animalTypes=['cows','chickens','goats','pigs','turkeys'], foundedYear=2015, hasToursAvailable=True,
       sources=[src('https://skylandssanctuary.org/animals-to-sponsor/','website','animalTypes'),
                src('https://vegan.turnkeywebsitesales.com/?p=21247','name','town','state','animalTypes','hasToursAvailable'),
                src('http://www.joyfully-me.com/the-jm-edit/2017/10/8/field-trip-skylands-animal-sanctuary','foundedYear')]),
]
UPDATES.update({
  'Chenoa Manor': dict(
    set={'animalTypes': ['horses','cows','sheep','donkeys','goats','pigs','rabbits'], 'foundedYear': 2003, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://www.chenoamanor.org'},
    sources=[src('https://www.chestercounty.com/2021/06/21/360220/threatened-animals-find-safety-at-chenoa-manor','animalTypes'),
             src('https://mercyforanimals.org/chenoa-manor-giving-sanctuary-to-abused-farm-animals/','foundedYear','animalTypes'),
             src('https://www.care2.com/causes/meet-a-lucky-group-of-rescued-animals-who-escaped-terrible-lives.html','hasToursAvailable','hasVolunteerOpportunities'),
             src('https://www.chenoamanor.org/about-chenoa-manor/','website')]),
  'Piedmont Farm Animal Refuge': dict(
    set={'animalTypes': ['chickens','turkeys','ducks','goats','sheep','cows'], 'foundedYear': 2012, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://www.piedmontrefuge.org'},
    sources=[src('https://k9springfling.com/post/rescued-farm-animals-find-a-home-at-piedmont-farm-animal-refuge','animalTypes','foundedYear','hasToursAvailable','hasVolunteerOpportunities'),
             src('https://voofla.com/US/Pittsboro/216594975114786/Piedmont-Farm-Animal-Refuge','animalTypes','website')]),
  'Luvin Arms Animal Sanctuary': dict(
    set={'animalTypes': ['cows','pigs','turkeys','chickens','horses','goats','donkeys','sheep','ducks'], 'foundedYear': 2015, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'address': '3470 County Road 7'},
    sources=[src('https://coanimalprotectors.org/colorado-animal-protectors-partner-in-pride-luvin-arms-farm-sanctuary/','animalTypes','foundedYear'),
             src('https://www.timescall.com/2019/04/28/eries-luvin-arms-promotes-farm-animal-rescue-at-springfest/','hasToursAvailable'),
             src('https://www.dailycamera.com/2023/04/14/luvin-arms-spring-fest-welcomes-public-to-meet-farm-animals/','address','hasVolunteerOpportunities')]),
})
UPDATES.update({
  'Sanctuary One': dict(
    set={'animalTypes': ['pigs','goats','sheep','horses','ducks','dogs','cats','rabbits'], 'foundedYear': 2007, 'hasAdoptions': True, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://sanctuaryone.org'},
    sources=[src('http://sanctuaryone.org/animal-blog/press-release-sanctuary-one-animals-relocated-safety','animalTypes','foundedYear','hasVolunteerOpportunities','website'),
             src('https://kobi5.com/news/top-stories/sanctuary-one-receives-community-service-award-222901/','hasAdoptions'),
             src('https://www.mailtribune.com/top-stories/2019/06/08/sanctuary-one-a-refuge-for-people-animals-and-nature/','hasToursAvailable')]),
  'Heartland Farm Sanctuary': dict(
    set={'animalTypes': ['ducks','chickens','turkeys','sheep','pigs','goats','cows','horses'], 'foundedYear': 2009, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://heartlandfarmsanctuary.org'},
    sources=[src('https://livenortherly.com/a-farm-with-heart','animalTypes','foundedYear'),
             src('http://www.packersnews.com/article/20130303/CWS04/303030025/Bergin-column-Farm-sanctuary-offers-refuge-homeless-animals','animalTypes'),
             src('https://madison.com/ct/opinion/column/julie-knopp-in-verona-a-safe-haven-for-thanksgiving-turkeys/article_57247cf1-eb82-5f0b-9b5f-812de0356f4f.html','hasToursAvailable'),
             src('https://www.wisfarmer.com/story/opinion/columnists/2017/10/24/first-animals-came-then-kids/797451001/','hasVolunteerOpportunities'),
             src('https://heartlandfarmsanctuary.org/heartlandhistory','website','foundedYear')]),
  'Uplands PEAK Sanctuary': dict(
    set={'animalTypes': ['pigs','goats','chickens','cows'], 'foundedYear': 2012, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True},
    sources=[src('https://www.wfyi.org/news/articles/indianas-only-farm-sanctuary','animalTypes','foundedYear','hasVolunteerOpportunities'),
             src('https://www.nwitimes.com/lifestyles/southern-indiana-couple-s-refuge-is-haven-for-farm-animals/article_efd424c2-2b5e-5939-86e3-23d2295e3bc0.html','town','state'),
             src('https://sites.mediaschool.indiana.edu/newscasts/work/students-visit-a-different-kind-of-farm-uplands-peak-animal-sanctuary/?content_type=featured_stories','hasToursAvailable')]),
})
UPDATES.update({
  'Rooterville': dict(
    set={'animalTypes': ['pigs','cows','goats','turkeys','chickens','horses','ducks','dogs','cats'], 'foundedYear': 2004, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://rooterville.org'},
    sources=[src('https://eccurrent.com/2022/11/08/rooting-for-fall-rooterville-animal-sanctuary/','animalTypes','foundedYear'),
             src('https://www.jacksonville.com/story/news/2015/08/17/rooterville-melrose-safe-haven-farm-animals-mostly-pigs-they-all-know/15675920007/','animalTypes','foundedYear'),
             src('http://claytodayonline.com/stories/rooterville-farm-animal-sanctuary-an-eden-for-all-kinds,6652','animalTypes'),
             src('https://veganturnedon.com/2018/01/18/rooterville-animal-sanctuary/','hasToursAvailable'),
             src('https://expeditionsandadventures.blogspot.com/2017/01/adventures-in-rooterville-sanctuary-inc.html','hasVolunteerOpportunities'),
             src('https://rooterville.org/animal-stories/','website')]),
  'Sasha Farm': dict(
    set={'animalTypes': ['cows','pigs','horses','donkeys','mules','chickens','turkeys','goats','sheep','dogs','cats'], 'foundedYear': 1981, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://www.sashafarm.org'},
    sources=[src('https://v-dog.com/blogs/v-dog-blog/sasha-farm','animalTypes','hasVolunteerOpportunities'),
             src('https://www.mlive.com/news/ann-arbor/2017/11/rescued_animals_to_have_own_th.html','foundedYear','hasToursAvailable'),
             src('https://www.sashafarm.org/','website')]),
  'Tamerlaine Sanctuary': dict(
    set={'animalTypes': ['pigs','goats','chickens','ducks','cows','horses','turkeys','rabbits','sheep'], 'foundedYear': 2014, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'address': '141 Clove Road', 'email': 'info@tamerlaine.org', 'website': 'https://tamerlaine.org'},
    sources=[src('http://www.townshipjournal.com/news/local-news/tamerlaine-animal-sanctuary-to-hold-ribbon-cutting-ceremony-FD1261465','animalTypes','address','email','website'),
             src('https://njmonthly.com/articles/jersey-living/tamerlaine-sanctuary-preserve/','animalTypes','foundedYear','hasToursAvailable'),
             src('https://en.everybodywiki.com/Tamerlaine_Sanctuary_and_Preserve','animalTypes','foundedYear'),
             src('http://www.jillcarnegie.com/sanctuaryrescue/','hasVolunteerOpportunities')]),
})
UPDATES.update({
  'Black Beauty Ranch': dict(
    set={'animalTypes': ['horses','donkeys','goats','sheep','cows','chickens','pigs','turkeys','wildlife'], 'foundedYear': 1979, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True},
    sources=[src('https://www.pressreader.com/usa/big-spring-herald-weekend/20220226/281578064112255','animalTypes','foundedYear','hasVolunteerOpportunities'),
             src('http://m.humanesociety.org/news/home-last','animalTypes'),
             src('https://www.athensreview.com/news/black-beauty-ranch-bus-tour-offers-glimpse-into-sanctuary/article_6d025668-c2d3-11e9-b42b-0fe78fd76047.html','hasToursAvailable','foundedYear')]),
  'Maple Farm Sanctuary': dict(
    set={'animalTypes': ['cows','pigs','sheep','goats','chickens','ducks','turkeys'], 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'http://www.maplefarmsanctuary.org'},
    sources=[src('http://www.annebrownphoto.com/maplefarmsanctuary/','animalTypes','hasToursAvailable','hasVolunteerOpportunities'),
             src('http://www.maplefarmsanctuary.org/category/A_Visit_to_Maple_Farm_Sanctuary/c87','animalTypes','website')]),
  'Out to Pasture Sanctuary': dict(
    set={'animalTypes': ['sheep','pigs','goats','rabbits','chickens','cats','dogs','donkeys','horses','turkeys'], 'hasVolunteerOpportunities': True, 'address': '33190 S.E. Regan Hill Road', 'phone': '503-756-8652', 'website': 'https://outtopasturesanctuary.org'},
    sources=[src('https://www.boltfabricboutique.com/home/2010/5/2/organization-of-the-month-out-to-pasture-animal-sanctuary.html','animalTypes','phone','hasVolunteerOpportunities'),
             src('http://www.outtopasturesanctuary.org/about-us','animalTypes','hasVolunteerOpportunities','website'),
             src('https://pamplinmedia.com/en/30-news/480094-387642-animal-sanctuarys-150-residents-transported-to-safety-amid-fires-pwoff','address','animalTypes'),
             src('https://pamplinmedia.com/en/32-features/156846-welcome-to-the-pasture','animalTypes')]),
})
UPDATES.update({
  'The Gentle Barn Tennessee': dict(
    set={'id': 'the-gentle-barn-tennessee-knoxville-tn', 'town': 'Christiana', 'animalTypes': ['goats','pigs','cows','chickens','horses','turkeys'], 'hasToursAvailable': True, 'hasVolunteerOpportunities': True, 'website': 'https://www.gentlebarn.org'},
    sources=[src('https://eu.greenvilleonline.com/story/news/2018/08/13/rescued-farm-animals-finally-home-middle-tennessee/922186002/','town','animalTypes'),
             src('https://www.wbir.com/article/news/local/gentle-barn-prepares-to-say-goodbye-to-east-tennessee/51-574675605','animalTypes','website'),
             src('https://boropulse.com/2024/05/the-gentle-barn-teaches-humans-love-compassion-and-healing-through-the-stories-of-animals','animalTypes','hasToursAvailable'),
             src('https://farragutlife.com/the-gentle-barn/','hasVolunteerOpportunities')]),
  'Kindred Spirits Sanctuary': dict(
    set={'animalTypes': ['pigs','goats','chickens','cows','horses','cats','donkeys','mules','sheep'], 'foundedYear': 2003, 'hasToursAvailable': True, 'hasVolunteerOpportunities': True},
    sources=[src('https://clickorlando.com/news/2019/11/09/animals-find-refuge-at-kindred-spirits-sanctuary','animalTypes','foundedYear','hasToursAvailable','hasVolunteerOpportunities'),
             src('http://moonischasingme1.blogspot.com/2010/05/kindred-spirits-sanctuary-donkeys.html','animalTypes'),
             src('https://worldanimalnews.com/wan-exclusive-meet-kindred-spirits-sanctuary/','animalTypes')]),
  'Wildwood Farm Sanctuary': dict(
    set={'animalTypes': ['chickens','cows'], 'hasVolunteerOpportunities': True, 'website': 'https://wildwoodfarmsanctuary.org'},
    sources=[src('https://wildwoodfarmsanctuary.org/rescue-stories/','animalTypes','website'),
             src('https://onlyinyourstate.com/nature/oregon/animal-lovers-or','hasVolunteerOpportunities')]),
  'Lighthouse Farm Sanctuary': dict(
    set={'animalTypes': ['donkeys','goats','sheep','ducks','chickens','horses','cows','pigs'], 'hasVolunteerOpportunities': True},
    sources=[src('https://onlyinyourstate.com/nature/oregon/animal-lovers-or','animalTypes'),
             src('https://portlandnewspaper.com/oregon-news/07/19/2021/sanctuary-farm-cares-for-animals-during-pandemic-wildfires/','animalTypes','hasVolunteerOpportunities')]),
})
NEW += [
  dict(name='Cotton Branch Farm Sanctuary', town='Batesburg-Leesville', state='SC',
       animalTypes=['pigs','donkeys','horses','cows','goats','ducks','turkeys','chickens','sheep','mules'], foundedYear=2004, hasAdoptions=True, hasVolunteerOpportunities=True,
       sources=[src('https://www.wbtv.com/2020/01/31/sc-animal-sanctuary-seeking-piggy-cuddlers/','name','town','state','animalTypes','hasAdoptions','hasVolunteerOpportunities'),
                src('https://www.wistv.com/story/36425479/animals-find-a-safe-haven-at-cotton-branch/','animalTypes'),
                src('https://mashviral.com/animal-shelter-looking-for-volunteers-to-hug-pigs/','animalTypes'),
                src('https://www.farms.com/news/cotton-branch-sanctuary-provides-lifeline-for-pigs-235055.aspx','foundedYear','hasAdoptions')]),
  dict(name='Oliver and Friends Farm Rescue and Sanctuary', town='Luther', state='OK',
       animalTypes=['goats','sheep','pigs','chickens','turkeys','cows','donkeys','horses'], hasToursAvailable=True, hasVolunteerOpportunities=True,
       sources=[src('https://oklahomatoday.com/history-culture/a-place-to-call-home','name','town','state','hasToursAvailable'),
                src('https://digital-staging.kfor.com/news/great-state/a-turkey-safe-zone-in-luther-at-this-farm-animal-rescue-and-sanctuary','animalTypes'),
                src('http://kgou.org/post/different-kind-farm-oklahoma','animalTypes'),
                src('http://sanctuarytour.org/podcast/episode-6-oliver-and-friends-farm-sanctuary/','hasVolunteerOpportunities','hasToursAvailable')]),
]
NEW += [
  dict(name='Barn Buddies Rescue', town='Las Vegas', state='NV',
       animalTypes=['horses','goats','rabbits','donkeys','mules','cows','pigs'], foundedYear=2013, hasAdoptions=True, hasVolunteerOpportunities=True,
       sources=[src('https://www.apnews.com/916aca48f7ed4dc28299def57037db6d','name','town','state','animalTypes','hasVolunteerOpportunities'),
                src('https://eltiempolv.com/noticias/barn-buddies-ayuda-a-rescatar-animales-de-granja-en-las-vegas-71878/','foundedYear','hasAdoptions','animalTypes')]),
]
NEW += [
  dict(name='Funny Farm Animal Sanctuary', town='Blackfoot', state='ID',
       animalTypes=['pigs','goats','chickens'], foundedYear=2019, hasAdoptions=True, hasVolunteerOpportunities=True,
       sources=[src('https://www.am-news.com/news/local-farm-animal-sanctuary-close-to-non-profit-status/article_5a2025c8-c370-11e9-8d99-c75bfb336c17.html','name','town','state','animalTypes','hasAdoptions','hasVolunteerOpportunities'),
                src('https://www.postregister.com/farmandranch/eastern_idaho/the-filthiest-animal-i-have-ever-seen-two-animals-rescued-from-idaho-falls-feedlot-taken/article_cd4fbe51-e36d-5d3a-b61b-bf6789d0bbb1.html','foundedYear','animalTypes')]),
  dict(name="Arthur's Acres Animal Sanctuary", town='Parksville', state='NY', website='https://www.arthursacresanimalsanctuary.org',
       animalTypes=['pigs'], foundedYear=2018, hasVolunteerOpportunities=True,
       sources=[src('https://www.arthursacresanimalsanctuary.org/about','name','website','foundedYear','animalTypes'),
                src('https://943litefm.com/abused-pigs-find-forever-home-in-sullivan-county/','town','state','hasVolunteerOpportunities')]),
]
NEW += [
  dict(name='Goats of Anarchy', town='Hampton', state='NJ',
       animalTypes=['goats','horses','donkeys','cows','sheep','pigs','turkeys','ducks','chickens'], foundedYear=2014, hasVolunteerOpportunities=True,
       sources=[src('https://anarchistnews.org/content/goats-anarchy','name','town','state','animalTypes','foundedYear'),
                src('https://abc7chicago.com/goats-of-anarchy-animals-farm-pets/10850336','town','state'),
                src('https://bergenmama.com/article/north-jerseys-most-adorable-animal-farm-meet-goats-of-anarchy','hasVolunteerOpportunities')]),
  dict(name="Charlie's Acres", town='Sonoma', state='CA', address='3281 Napa Road', zipCode='95476', website='https://www.charliesacres.org',
       animalTypes=['horses','pigs','sheep','chickens','goats','cows','turkeys'], foundedYear=2016, hasToursAvailable=True, hasVolunteerOpportunities=True,
       sources=[src('https://www.charliesacres.org/contact/','name','address','town','state','zipCode','website','hasToursAvailable'),
                src('https://viajonarios.com/en/charlies-acres/','animalTypes','foundedYear','hasVolunteerOpportunities'),
                src('https://www.pressdemocrat.com/article/news/sonoma-animal-sanctuary-hosts-community-tour/','animalTypes','foundedYear','hasToursAvailable'),
                src('https://secure.qgiv.com/for/animalsponsorshipform','animalTypes')]),
]
# The Pig Preserve's land and pigs are now Odd Man Inn Animal Refuge (same place; id kept).
REPLACE = {
  'The Pig Preserve': dict(id='the-pig-preserve-jamestown-tn', name='Odd Man Inn Animal Refuge', town='Jamestown', state='TN', website='https://oddmaninn.org',
       animalTypes=['pigs','sheep','goats','donkeys','cows'], hasAdoptions=True,
       sources=[src('https://oddmaninn.org/tennessee-press-release','name','town','state','website','animalTypes','hasAdoptions'),
                src('https://lacamasmagazine.com/2021/04/washougals-odd-man-inn-animal-refuge-finds-a-forever-home.html','town','state','animalTypes'),
                src('https://oddmaninn.org/spring-farm-sanctuary-joins-the-omi-herd/','animalTypes')]),
}
# Spring Farm Sanctuary wound down its Minnesota operation; its animals moved to Odd Man Inn.
REMOVE = {'Spring Farm Sanctuary': 'https://oddmaninn.org/spring-farm-sanctuary-joins-the-omi-herd/'}
