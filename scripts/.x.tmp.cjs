const fs=require('fs'),path=require('path');const {SourceMapConsumer}=require('source-map');
(async()=>{const f=process.argv[2];const code=fs.readFileSync(f,'utf8');const map=JSON.parse(fs.readFileSync(f+'.map','utf8'));
const lines=code.split('\n');const sizes={};
await SourceMapConsumer.with(map,null,c=>{let prev=null;c.eachMapping(m=>{if(prev&&prev.generatedLine===m.generatedLine){const s=prev.source||'?';sizes[s]=(sizes[s]||0)+(m.generatedColumn-prev.generatedColumn);}prev=m;},null,SourceMapConsumer.GENERATED_ORDER);});
const grp={};const depth=+process.argv[3]||0;for(const [s,n] of Object.entries(sizes)){let k=s.replace(/^webpack:\/\/[^/]*\//,'');const m=k.match(/node_modules\/((@[^/]+\/)?[^/]+)(\/.*)?/);if(m){k=m[1]+(depth&&m[3]?m[3].split('/').slice(0,depth+1).join('/'):'')}grp[k]=(grp[k]||0)+n;}
const tot=code.length;const arr=Object.entries(grp).sort((a,b)=>b[1]-a[1]);console.log('total',tot);for(const [k,n] of arr.slice(0,+process.argv[4]||40))console.log((n/1024).toFixed(1).padStart(7),k);})();
